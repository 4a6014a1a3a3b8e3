// `npm start`: builds the SPA and the server when either is missing or older than its sources,
// then runs the server's compiled JavaScript with plain node, which migrates, seeds demo content
// into an empty database and serves http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const index = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(web, 'src')),
  newestMtime(path.join(web, 'public')),
  newestMtime(path.join(root, 'packages/contract/src')),
  fs.statSync(path.join(web, 'index.html')).mtimeMs,
);
if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
  console.info('building the web app…');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { ensureServerBuilt } = await import('./lib/server-build.mjs');
await ensureServerBuilt();
// `npm run cluster` builds through here, then runs the processes itself.
if (process.env.LD_BUILD_ONLY === '1') process.exit(0);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
