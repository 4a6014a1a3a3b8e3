// The server's compiled JavaScript (apps/server/dist/main.js, the launcher, and the bundle it runs,
// server.cjs), made again when it is missing or older than any of its sources: what `npm start`
// and `npm run cluster` run.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');
/** The bundle main.js runs (its source map beside it: `server.cjs.map`). */
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.cjs');

function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when dist/main.js or its bundle is missing, or main.js (written last) is older than a source file. */
export async function serverBuildIsStale() {
  const { SERVER_SOURCES } = await import('../../apps/server/build.mjs');
  if (!fs.existsSync(SERVER_MAIN) || !fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_MAIN).mtimeMs;
  return SERVER_SOURCES.some((source) => fs.existsSync(source) && newestMtime(source) > built);
}

export async function ensureServerBuilt() {
  if (!(await serverBuildIsStale())) return false;
  console.info('building the server…');
  const { buildServer } = await import('../../apps/server/build.mjs');
  const ms = await buildServer();
  console.info(`server built in ${ms} ms`);
  return true;
}
