// The server as production runs it: one ES module, `dist/main.js`, run with plain `node` (no
// TypeScript at run time; docs/decisions/0056-cluster.md). esbuild bundles our own code and the
// contract package (TypeScript source, a workspace); every npm dependency stays an import from
// node_modules (native modules, sharp, ffmpeg's binary and the fonts resolve from there).
// `npm start` and `npm run cluster` run this when dist is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@ld/'));

export const SERVER_DIST = path.join(here, 'dist');

/** Every file the bundle is made from: the server's and the contract's sources and manifests. */
export const SERVER_SOURCES = [
  path.join(here, 'src'),
  path.join(here, 'package.json'),
  path.join(here, '../../packages/contract/src'),
  path.join(here, '../../packages/contract/package.json'),
];

export async function buildServer() {
  const started = Date.now();
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(SERVER_DIST, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Deep imports of a dependency (`zod/v4`, `kysely/helpers/postgres`) stay external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    // Stack traces and logs keep the functions' names.
    keepNames: true,
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = await buildServer();
  console.info(`server built into ${path.relative(process.cwd(), SERVER_DIST)}/main.js in ${ms} ms`);
}
