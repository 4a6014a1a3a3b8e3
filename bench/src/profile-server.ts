import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, SERVER_BUNDLE, SERVER_MAIN } from '../../scripts/lib/server-build.mjs';
import { ensureSquareDb } from './generate-square.ts';
import { load } from './load.ts';
import { startBaseline } from './start-baseline.ts';

/**
 * Where a request's CPU goes: `node --import tsx bench/src/profile-server.ts [path] [baselinePath]`
 * starts the compiled server (`node --cpu-prof apps/server/dist/main.js`, as the bench does, on the
 * square's database at BENCH_SCALE) and the bare baseline (bench/src/baseline.ts), loads each with
 * the bench's load (20 connections, BENCH_SECONDS, default 10), and prints
 * - each process's CPU time per request (user + system, from /proc: steadier than req/s on a
 *   shared machine) beside its req/s;
 * - the server's top self-time entries during the load, each mapped through the bundle's source
 *   map to its source file (our `src/…` or the `node_modules` package), and the same grouped by
 *   package.
 * Defaults: the square feed's page 1, latest (`/api/v1/square/post/list?sort=2&pageSize=10`)
 * against the baseline's `/list?sort=2`. PROFILE_ACCEPT_ENCODING (e.g. `gzip, deflate, br`, what
 * browsers send) is sent with every request, as a browser's would be through nginx.
 * Loopback only; everything stops by itself.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const top = Number(process.env.PROFILE_TOP ?? '25');
const ourPath = process.argv[2] ?? '/api/v1/square/post/list?sort=2&pageSize=10';
const basePath = process.argv[3] ?? '/list?sort=2';
const headers: Record<string, string> = process.env.PROFILE_ACCEPT_ENCODING
  ? { 'accept-encoding': process.env.PROFILE_ACCEPT_ENCODING }
  : {};

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 (1-based) of the whole line: 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(name: string, pid: number, url: string) {
  await load({ url, seconds: 2, headers });
  const cpuBefore = cpuSeconds(pid);
  const startedAt = performance.now();
  const result = await load({ url, seconds, headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const perRequestUs = (cpu / result.total) * 1e6;
  console.info(
    `${name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${perRequestUs.toFixed(0)} µs CPU per request ` +
      `(${result.total} requests, ${cpu.toFixed(2)} s CPU; ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  return { startedAt, endedAt: performance.now() };
}

async function startServer(dataDir: string, profileDir: string) {
  await ensureServerBuilt();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-profile-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, SERVER_MAIN],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: '0',
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'error',
        SHUTDOWN_DRAIN_MS: '200',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TMPDIR: runDir,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const spawnedAt = performance.now();
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 400) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    spawnedAt,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a bundle position came from: `node_modules/<package>/…` or our `src/…`, with its line. */
function sourceOf(map: SourceMap | null, frame: ProfileNode['callFrame']): { file: string; where: string } {
  if (!frame.url) return { file: `(${frame.functionName || 'native'})`, where: '' };
  if (map && frame.url.endsWith(SERVER_BUNDLE)) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
      originalSource?: string;
      originalLine?: number;
    };
    if (entry.originalSource) {
      const absolute = path.resolve(
        path.dirname(SERVER_BUNDLE),
        entry.originalSource.replace(/^file:\/\//, ''),
      );
      const file = path.relative(ROOT, absolute).replace(/^.*?\/?(node_modules\/)/, '$1');
      return { file, where: `${file}:${(entry.originalLine ?? 0) + 1}` };
    }
  }
  const url = frame.url.replace(/^file:\/\//, '');
  const file = url.startsWith('/') ? path.relative(ROOT, url).replace(/^.*?\/?(node_modules\/)/, '$1') : url;
  return { file, where: `${file}:${frame.lineNumber + 1}` };
}

const packageOf = (file: string): string => {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (m) return m[1];
  if (file.startsWith('apps/server/src/')) return file.split('/').slice(0, 5).join('/');
  if (file.startsWith('packages/')) return file.split('/').slice(0, 2).join('/');
  if (file.startsWith('node:') || file.startsWith('(')) return file;
  return file.split('/').slice(0, 2).join('/');
};

/** Self time per function and per package between `fromMs` and `toMs` after the profile's start. */
function summarize(title: string, profile: Profile, fromMs: number, toMs: number) {
  const mapFile = `${SERVER_BUNDLE}.map`;
  const map = fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null;
  console.info(`\n== ${title} ==`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let t = 0;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const ms = t / 1000;
    if (ms < fromMs || ms > toMs) continue;
    const delta = profile.timeDeltas[i];
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + delta);
    total += delta;
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const { file, where } = sourceOf(map, node.callFrame);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const pkg = packageOf(file);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const print = (title: string, rows: Map<string, number>) => {
    console.info(`\n${title} (share of ${(total / 1e6).toFixed(2)} s sampled during the load):`);
    for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.info(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
    }
  };
  print('top self time by function', byFunction);
  print('self time by package / source folder', byPackage);
}

const square = await ensureSquareDb(scale);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-cpuprof-'));
const baselineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-cpuprof-base-'));
const server = await startServer(square.dataDir, profileDir);
const baselineSpawnedAt = performance.now();
const baseline = await startBaseline(square.file, ['--cpu-prof', `--cpu-prof-dir=${baselineDir}`]);
let ours: { startedAt: number; endedAt: number };
let base: { startedAt: number; endedAt: number };
try {
  ours = await measure(`portal ${ourPath}`, server.pid, `${server.baseUrl}${ourPath}`);
  base = await measure(`baseline ${basePath}`, baseline.pid, `${baseline.baseUrl}${basePath}`);
} finally {
  await baseline.stop();
  await server.stop();
}
const profileIn = (dir: string): Profile => {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile was written into ${dir}`);
  console.info(`profile: ${path.join(dir, file)} (open in Chrome DevTools → Performance)`);
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
};
summarize(
  'portal',
  profileIn(profileDir),
  ours.startedAt - server.spawnedAt,
  ours.endedAt - server.spawnedAt,
);
summarize(
  'baseline',
  profileIn(baselineDir),
  base.startedAt - baselineSpawnedAt,
  base.endedAt - baselineSpawnedAt,
);
