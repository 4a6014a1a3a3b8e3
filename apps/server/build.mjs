// The server as production runs it: `node dist/main.js` (no TypeScript at run time;
// docs/decisions/0056-cluster.md), a launcher (src/launcher.mjs) that runs one bundle,
// `dist/server.cjs`, with V8's code cache. esbuild bundles our own code, the
// contract package and the pure-JavaScript dependencies into it: at start-up Node then compiles one
// file instead of resolving, reading and scanning ~600 modules of node_modules, each CommonJS one
// parsed a second time for its named exports (0056, "Cold start"). What cannot live inside a bundle
// stays an import from node_modules: native modules (better-sqlite3, sharp), packages that find
// their own files beside them at run time (ffmpeg's binary, the fonts, ioredis's package.json),
// alipay-sdk (loaded only when Alipay is configured) and tsx (the command-line tools). The API
// document's plugins are bundled: swagger-ui is told where its assets are (platform/openapi.ts),
// and @fastify/swagger reads its package.json only for defaults the portal sets itself.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
/** Dependencies kept out of the bundle (see above); every other one is bundled. */
const UNBUNDLED = [
  'better-sqlite3',
  'sharp',
  '@ffmpeg-installer/ffmpeg',
  '@fontsource/zcool-kuaile',
  'ioredis',
  'alipay-sdk',
  'tsx',
];
for (const name of UNBUNDLED) {
  if (!pkg.dependencies[name])
    throw new Error(`build.mjs keeps ${name} external, but it is no dependency any more`);
}
// pg's optional native binding, never installed (pg requires it only when asked for it).
const external = [...UNBUNDLED, 'pg-native'];

/**
 * `yaml` loaded when something is first written as YAML (`/api/docs/yaml`), not at start-up:
 * both API document plugins require it when they are registered, and compiling and running it was
 * ~45 ms of a cold start (docs/decisions/0056-cluster.md, "Cold start: the API document's YAML").
 */
const yamlOnDemand = {
  name: 'yaml-on-demand',
  setup(b) {
    const shim = path.join(here, 'src/platform/yaml-on-demand.cjs');
    // Only theirs: the shim has the one function they call.
    const theirs = /[\\/]node_modules[\\/]@fastify[\\/]swagger(-ui)?[\\/]/;
    b.onResolve({ filter: /^yaml$/ }, (args) => (theirs.test(args.importer) ? { path: shim } : undefined));
  },
};

export const SERVER_DIST = path.join(here, 'dist');

/** Every file the bundle is made from: the server's and the contract's sources and manifests. */
export const SERVER_SOURCES = [
  path.join(here, 'src'),
  path.join(here, 'package.json'),
  path.join(here, '../../packages/contract/src'),
  path.join(here, '../../packages/contract/package.json'),
  // The bundled dependencies: a new version installed means a new bundle.
  path.join(here, '../../package-lock.json'),
];

/**
 * The bundle's text with its last non-ASCII characters written as `\uXXXX` escapes, so that the
 * launcher reads it as a one-byte string: a 6 MB bundle with a few hundred non-ASCII characters was
 * decoded as UTF-8 into a 12 MB two-byte string at every start; in ASCII, read as Latin-1, a start
 * takes ~50-130 ms less CPU (docs/decisions/0056-cluster.md, "The bundle in ASCII"). esbuild already
 * escapes strings, templates and identifiers; what it leaves is in comments and regular expression
 * literals, where the escape means the same character. A character escaped by a backslash (`\é`
 * in a regular expression means é) loses that backslash, or `\\u00e9` would be a backslash and
 * five letters. U+2028 and U+2029 stay as they are: in a line comment they end the line, which an
 * escape would not; with one of them the bundle stays UTF-8 and the launcher reads it so.
 */
export function escapeNonAscii(text) {
  return text.replace(
    /(\\*)([\u0080-\u2027\u202a-\uffff])/g,
    (_, slashes, c) =>
      `${slashes.length % 2 ? slashes.slice(1) : slashes}\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export async function buildServer() {
  const started = Date.now();
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(SERVER_DIST, 'server.cjs'),
    bundle: true,
    platform: 'node',
    // A script, not an ES module: Node 20 gives V8's code cache only to vm scripts (the launcher
    // wraps it as Node wraps a CommonJS module, in strict mode as an ES module is).
    format: 'cjs',
    target: 'node20.19',
    // Deep imports of an unbundled dependency stay external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    // The three places that ask where they run from.
    define: { 'import.meta.url': '__ldImportMetaUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __ldImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: 'linked',
    // No `keepNames`: without minifying, functions and classes keep their names anyway (esbuild
    // renames only the rare clash between two modules' top-level names), and `keepNames` wrapped
    // every function and class in a `__name(…)` call, paid on every request (0056, "Sessions kept
    // per process; statements prepared; no keepNames"). Nothing reads a function's or class's name
    // to decide anything.
    plugins: [yamlOnDemand],
    logLevel: 'warning',
  });
  const bundle = path.join(SERVER_DIST, 'server.cjs');
  fs.writeFileSync(bundle, escapeNonAscii(fs.readFileSync(bundle, 'utf8')));
  // The entry, written last: its time is the build's (scripts/lib/server-build.mjs).
  fs.copyFileSync(path.join(here, 'src/launcher.mjs'), path.join(SERVER_DIST, 'main.js'));
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = await buildServer();
  console.info(`server built into ${path.relative(process.cwd(), SERVER_DIST)}/main.js in ${ms} ms`);
}
