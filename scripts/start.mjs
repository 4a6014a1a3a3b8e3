// `npm start`: builds the SPA, the operator console and the server when any is missing or older
// than its sources, then runs the server's compiled JavaScript with plain node, which migrates,
// seeds demo content into an empty database and serves http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { appBuildIsStale } from './lib/app-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Builds an app (the portal, the operator console) when a file of its build is missing or older than its sources. */
function buildWhenStale(name, app, sourceDirs, outputs) {
  if (!appBuildIsStale(app, sourceDirs, path.join(root, 'packages/contract/src'), outputs)) return;
  console.info(`building ${name}…`);
  const build = spawnSync('npx', ['vite', 'build'], { cwd: app, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The browser's files, Vite's manifest and the server's render module (written last).
buildWhenStale(
  'the web app',
  path.join(root, 'apps/web'),
  ['src', 'public'],
  ['dist/index.html', 'dist/.vite/manifest.json', 'dist/server/entry-server.js'],
);
// The operator console, served at /admin (docs/decisions/0048-operator-console.md).
buildWhenStale('the operator console', path.join(root, 'apps/admin'), ['src']);

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
