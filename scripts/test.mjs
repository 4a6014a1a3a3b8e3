// `npm test`: the whole set-up, then everything that checks behaviour, in order, stopping at the
// first failing stage: system packages for the browser (installed when missing and we can),
// the lock file, lint, unit tests, API tests (SQLite, plus PostgreSQL and Redis when they answer;
// the type check runs beside them), the web build (portal and operator console), the end-to-end
// tests in Debian Chromium (the console's files beside the phone's, and the API tests on Node 22
// beside both), and the cluster. Ends with one line:
// "N passed, N failed, N skipped (why)".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx } from './lib/nginx-deps.mjs';
import { addReport, closingLine, emptyTotals } from './lib/report.mjs';
import { ensureServerBuilt } from './lib/server-build.mjs';
import { resolveServices } from './lib/services.mjs';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-test-'));
const totals = emptyTotals();
const startedAt = Date.now();
let servicesOff = {};
// What the browsers showed at each failed end-to-end test (e2e/src/failure-report.ts): the first is
// printed again at the very end, where a CI log that keeps only its tail still shows it.
const browserReports = path.join(root, 'e2e/.artifacts/failures/reports.txt');
fs.rmSync(browserReports, { force: true });

async function stage(title, work) {
  console.info(`\n=== ${title} ===`);
  const started = Date.now();
  const ok = await work();
  console.info(
    `=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  return ok;
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** `npx vitest run` with `args`, printing as usual and writing a JSON report to `out` for the totals. */
function vitestArgs(args, out) {
  return ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
}

function vitest(args, name, env) {
  const out = path.join(reports, `${name}.json`);
  const ok = run('npx', vitestArgs(args, out), env);
  countReport(out);
  return ok;
}

/** Adds a vitest JSON report's tests to the totals (none when the run wrote none). */
function countReport(out) {
  if (fs.existsSync(out)) addReport(totals, JSON.parse(fs.readFileSync(out, 'utf8')), servicesOff);
}

/** `npm ci` refuses a lock file out of step with the package.json files; its dry run says so offline in about 1.5 s. */
function lockFileMatches() {
  const result = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status === 0) return true;
  const npmSays = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .filter((line) => /Missing:|Invalid:|in sync|ERR|error code/.test(line))
    .join('\n');
  console.error(npmSays);
  console.error(
    'package-lock.json does not match the package.json files, so `npm ci` would fail: run `npm install` and commit package-lock.json.',
  );
  return false;
}

/**
 * Starts `command` in the background, its output kept in a file, and answers a function that waits
 * for it, prints what it printed and says whether it passed (`counted`, given the output's path,
 * adds its tests to the totals). Work that leaves a core idle runs beside it
 * (docs/decisions/0008: "Node 22 beside the browser", "Types beside the API tests").
 */
function startBeside(name, command, args, counted = () => undefined, env = {}) {
  const logFile = path.join(reports, `${name}.log`);
  const fd = fs.openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
    // A process group of its own, so that stopping it stops what it runs too.
    detached: true,
  });
  fs.closeSync(fd);
  background.add(child);
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      fs.appendFileSync(logFile, `could not start: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code));
  }).finally(() => background.delete(child));
  return async () => {
    const code = await exited;
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
    counted();
    return code === 0;
  };
}

/** The server project under Node 22 (scripts/lib/api-on-node22.mjs), beside the browser. */
function startApiOnNode22() {
  const out = path.join(reports, 'api-node22.json');
  return startBeside(
    'api-node22',
    process.execPath,
    [path.join(root, 'scripts/lib/api-on-node22.mjs'), out],
    () => {
      if (!fs.existsSync(out)) return;
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      // Counted apart: its PostgreSQL and Redis cases are skipped by design, not for want of a service.
      console.info(
        `Node 22: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
      );
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
    },
  );
}

/**
 * The operator console's end-to-end files on a portal of their own, beside the phone's
 * (`E2E_PART` picks the files: e2e/vitest.config.ts).
 */
function startE2eConsole() {
  const out = path.join(reports, 'e2e-console.json');
  return startBeside(
    'e2e-console',
    'npx',
    vitestArgs(['--config', 'e2e/vitest.config.ts'], out),
    () => countReport(out),
    { E2E_PART: 'console' },
  );
}

/** Children still running in the background, stopped when the run ends early. */
const background = new Set();

function finish(ok, stoppedAt) {
  for (const child of background) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  if (!ok && fs.existsSync(browserReports)) {
    const first = fs.readFileSync(browserReports, 'utf8').split('\n\n')[0].split('\n');
    console.info(`\n${first.slice(0, 40).join('\n')}${first.length > 40 ? '\n  …' : ''}`);
    console.info(`(every failed test's report: ${path.relative(root, browserReports)})`);
  }
  console.info(`\nall stages: ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
  console.info(`\n${closingLine(totals, servicesOff)}${stoppedAt ? ` — stopped at: ${stoppedAt}` : ''}`);
  if (totals.brokenFiles.length > 0)
    console.info(`files that failed outside a test: ${totals.brokenFiles.join(', ')}`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const services = await resolveServices(process.env);
if (services.errors.length > 0) {
  for (const error of services.errors) console.error(error);
  finish(false, 'databases');
}
servicesOff = services.skipped;
for (const [name, url] of Object.entries(services.using)) console.info(`${name}: ${url}`);
for (const [name, reason] of Object.entries(services.skipped))
  console.info(`${name} cases skipped: ${reason}`);
const testEnv = services.env;
const dialects = ['SQLite', ...Object.keys(services.using)].join(', ');

let node22Done = async () => false;
let typesDone = async () => false;
let consoleE2eDone = async () => false;
const stages = [
  ['set-up: Chromium and CJK fonts', () => ensureSystemDeps()],
  ['lock file (npm ci --dry-run)', lockFileMatches],
  [
    'lint (biome, structure)',
    () => run('npx', ['biome', 'check', '.']) && run('node', ['scripts/check-structure.mjs']),
  ],
  // Apart, so that the API tests' database work does not starve the jsdom tests of CPU.
  ['unit tests', () => vitest(['--project', 'scripts', '--project', 'contract', '--project', 'web'], 'unit')],
  // The type check takes one core for a minute or two; the API files, waiting on the databases,
  // leave most of one idle. Its output comes after theirs.
  [
    'types (tsc -b): started, beside the API tests',
    () => {
      typesDone = startBeside('types', 'npx', ['tsc', '-b']);
      return true;
    },
  ],
  [`API tests (${dialects})`, () => vitest(['--project', 'server'], 'api', testEnv)],
  ['types (tsc -b)', () => typesDone()],
  // The supported Node 22 LTS too (README): the API suite on SQLite, with Node 22 from npm and
  // better-sqlite3 built for it into a cache (docs/decisions/0056-cluster.md). It runs in the
  // background from here, beside the web build and the end-to-end tests; its output comes after them.
  [
    'API tests on Node 22 (SQLite): started, beside the web build and the end-to-end tests',
    () => {
      node22Done = startApiOnNode22();
      return true;
    },
  ],
  // `npm run build` builds the portal and the operator console (apps/admin), both served in the e2e
  // run; the server is built here too when its sources are newer than its build, so that the two
  // end-to-end runs below do not both build it as they start their portals.
  [
    'web build',
    async () => {
      if (!run('npm', ['run', 'build'])) return false;
      try {
        await ensureServerBuilt();
        return true;
      } catch (error) {
        console.error(`the server did not build: ${error instanceof Error ? error.message : error}`);
        return false;
      }
    },
  ],
  // One browser and one portal leave a core idle between their steps, so the end-to-end files run as
  // two vitest runs side by side, each with a portal and a database of its own: the operator
  // console's files in the background, the phone's in front (docs/decisions/0008: "Two end-to-end
  // runs side by side"). Within each, files still run one at a time.
  [
    'end-to-end, operator console (admin-*, 1280×800): started, beside the phone files',
    () => {
      consoleE2eDone = startE2eConsole();
      return true;
    },
  ],
  [
    'end-to-end, phone (Chromium 390×844)',
    () => vitest(['--config', 'e2e/vitest.config.ts'], 'e2e', { E2E_PART: 'phone' }),
  ],
  ['end-to-end, operator console (admin-*, 1280×800)', () => consoleE2eDone()],
  ['API tests on Node 22 (SQLite)', () => node22Done()],
  // nginx in front of two compiled processes on PostgreSQL and Redis, and the faults
  // (docs/decisions/0056-cluster.md); without one of them its files say so and skip.
  [
    'cluster: nginx + 2 processes, faults',
    () => {
      if (!ensureNginx()) console.info('cluster tests skipped: no nginx');
      return vitest(['--config', 'e2e/cluster.vitest.config.ts'], 'cluster', testEnv);
    },
  ],
];

for (const [title, work] of stages) {
  if (!(await stage(title, work))) finish(false, title);
}
finish(true);
