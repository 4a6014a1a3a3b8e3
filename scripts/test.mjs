// `npm test`: everything that checks behaviour, in order, stopping at the first failing stage:
// lint, types, unit + API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), the web
// build, and the end-to-end tests in Debian Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.info(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.info(
    `=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  return result.status === 0;
}

function count(reportFile) {
  if (!fs.existsSync(reportFile)) return;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function vitest(title, args, name, env) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  count(out);
  return ok;
}

function finish(ok) {
  console.info(
    `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

if (!fs.existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  console.error(
    'Debian Chromium is missing: run `apt-get install -y chromium fonts-noto-cjk` (or `bash .ci/run`).',
  );
  process.exit(1);
}

const stages = [
  () => run('lint (biome)', 'npx', ['biome', 'check', '.']),
  () => run('types (tsc -b)', 'npx', ['tsc', '-b']),
  () =>
    vitest(
      `unit and API tests${process.env.TEST_DATABASE_URL ? ' (SQLite and PostgreSQL)' : ' (SQLite)'}`,
      ['--project', 'contract', '--project', 'web', '--project', 'server'],
      'unit',
    ),
  () => run('web build', 'npm', ['run', 'build']),
  () => vitest('end-to-end (Chromium 390×844)', ['--config', 'e2e/vitest.config.ts'], 'e2e'),
];

for (const stage of stages) {
  if (!stage()) finish(false);
}
finish(true);
