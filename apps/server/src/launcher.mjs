// dist/main.js, the compiled server's entry (build.mjs copies this file there): it runs the bundle,
// dist/server.cjs, with V8's code cache (docs/decisions/0056-cluster.md, "Start-up with V8's code
// cache"). Compiling the 6 MB bundle and the functions start-up calls was about a quarter of a
// cold start; with the cache V8 reads them ready-made. The cache is made by the first start of a
// build and kept in the data directory (the one writable place under the deploy kit's systemd
// unit), one file per bundle and V8: a cache V8 refuses (another Node, other flags) is compiled
// over and written again. Nothing here may fail a start: any trouble with the cache means a start
// without it.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const bundle = path.join(import.meta.dirname, 'server.cjs');
// The default of config.ts's DATA_DIR: this runs before the bundle, which holds the config.
const cacheDir = path.resolve(process.env.DATA_DIR || './data', 'compile-cache');
// build.mjs writes the bundle in ASCII: read as Latin-1 it is a one-byte string, decoded in half
// the time UTF-8 took for the same 6 MB and half the memory. The 11 ms check keeps a bundle that
// is not ASCII (one with U+2028, say) readable.
const bytes = fs.readFileSync(bundle);
const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
const built = fs.statSync(bundle);
// What makes a cache fit: this very bundle, and this V8 with these flags.
const cacheFile = path.join(
  cacheDir,
  `server-${Math.trunc(built.mtimeMs)}-${built.size}-${v8.cachedDataVersionTag()}.bin`,
);

let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}

// The CommonJS wrapper Node itself puts around a module, in strict mode as the ES module was.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {'use strict';${source}\n})`,
  { filename: bundle, cachedData },
);
const mustWrite = cachedData === undefined || script.cachedDataRejected === true;

/** Writes the cache once, with every function compiled so far; never throws. */
let written = false;
function writeCache() {
  if (written) return;
  written = true;
  try {
    const data = script.createCachedData();
    fs.mkdirSync(cacheDir, { recursive: true });
    for (const old of fs.readdirSync(cacheDir)) {
      if (old.startsWith('server-') && !old.startsWith(path.basename(cacheFile)))
        fs.rmSync(path.join(cacheDir, old), { force: true });
    }
    const partial = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, cacheFile);
  } catch {
    // A read-only or full disk: the next start compiles, as this one did.
  }
}
// Once start-up and the page renderer's warm-up have compiled what they need, or at a graceful
// exit if that comes first (a start stopped early still leaves the next one a cache).
const WRITE_CACHE_AFTER_MS = 5_000;
if (mustWrite) {
  setTimeout(writeCache, WRITE_CACHE_AFTER_MS).unref();
  process.once('exit', writeCache);
}

// import() inside a vm script needs an experimental flag: the bundle's imports at run time
// (platform/import-module.ts: sharp, ioredis, the page renderer) come here instead.
globalThis[Symbol.for('landiamond.importModule')] = (specifier) => import(specifier);

const module = { exports: {} };
script
  .runInThisContext()
  .call(module.exports, module.exports, createRequire(bundle), module, bundle, import.meta.dirname);
