// Loaded with --import when the tests run on Node 22 (scripts/lib/node22.mjs): `better-sqlite3`
// resolves to the copy compiled for this Node's ABI (node_modules/.cache/node22/abiNNN), for
// `import` and `require` alike, so node_modules keeps Node 20's build.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const copy = path.join(
  root,
  `node_modules/.cache/node22/abi${process.versions.modules}/node_modules/better-sqlite3`,
);

if (fs.existsSync(path.join(copy, 'build/Release/better_sqlite3.node'))) {
  const entry = pathToFileURL(path.join(copy, 'lib/index.js')).href;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'better-sqlite3') return { url: entry, format: 'commonjs', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}
