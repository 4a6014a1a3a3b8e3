// Loaded with --import when the tests run on Node 22 (scripts/lib/node22.mjs): `better-sqlite3`
// resolves to the copy compiled for this Node's ABI (LD_NODE22_SQLITE, in the Node 22 cache), for
// `import` and `require` alike, so node_modules keeps Node 20's build.
import fs from 'node:fs';
import * as nodeModule from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
// Where scripts/lib/node22.mjs put it; the default place when a process was given only HOME.
const copy =
  process.env.LD_NODE22_SQLITE ??
  path.join(
    process.env.LD_NODE22_CACHE ?? path.join(os.homedir(), '.cache/landiamond/node22'),
    `abi${process.versions.modules}/node_modules/better-sqlite3`,
  );

// By its name, or by a path into node_modules (vitest resolves a package to its file first).
const original = pathToFileURL(path.join(root, 'node_modules/better-sqlite3')).href;
const replacement = pathToFileURL(copy).href;

// Only the copy made for this very ABI (the variable may reach another Node through the env), and
// only where hooks exist: a Node 20 child that inherits NODE_OPTIONS (a build the tests run) keeps
// its own better-sqlite3.
if (
  typeof nodeModule.registerHooks === 'function' &&
  copy.includes(`abi${process.versions.modules}`) &&
  fs.existsSync(path.join(copy, 'build/Release/better_sqlite3.node'))
) {
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url?.startsWith(`${original}/`)) {
        return { ...resolved, url: replacement + resolved.url.slice(original.length), shortCircuit: true };
      }
      return resolved;
    },
  });
}
