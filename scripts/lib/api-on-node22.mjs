// The server project under Node 22 (docs/decisions/0056-cluster.md), as `npm test` runs it beside
// the web build and the end-to-end tests (docs/decisions/0008, "Node 22 beside the browser"): Node 22
// and its better-sqlite3 made if missing, then the API suite on SQLite, one worker. PostgreSQL and
// Redis cases skip: Node 20 runs them. Usage: node scripts/lib/api-on-node22.mjs <report.json>
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureNode22 } from './node22.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const [out] = process.argv.slice(2);
if (!out) throw new Error('usage: node scripts/lib/api-on-node22.mjs <report.json>');

let node22;
try {
  node22 = ensureNode22();
} catch (error) {
  console.error(`Node 22 could not be set up: ${error.message}`);
  process.exit(1);
}
const result = spawnSync(
  node22.node,
  [
    ...node22.execArgv,
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'server',
    // The other core is the browser's and the portal's under test.
    '--maxWorkers=1',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...node22.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
  },
);
process.exit(result.status ?? 1);
