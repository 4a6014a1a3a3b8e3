// Where a durable paid download's CPU goes (issue 23 §4, docs/decisions/0056-cluster.md): the
// cluster bench's download load (nginx + 2 compiled processes on PostgreSQL + Redis, each call a
// first purchase) with the CPU time of every party from /proc/<pid>/stat per paid download, and
// the server's round trips to PostgreSQL counted. Not part of `npm run bench`:
//   SECS=8 RUNS=3 [MAIN=path/to/main.js] [PROF_DIR=/tmp/prof] [PG_URL=…] node --import tsx bench/src/download-cpu.ts
// MAIN runs another build of the server (to compare two); PROF_DIR writes a CPU profile of each
// server process over each load (the profiler roughly doubles the server's CPU: not for figures).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@ld/server/src/db/database.ts';
import { startCluster } from '../../scripts/lib/cluster.mjs';
import { ensureServerBuilt } from '../../scripts/lib/server-build.mjs';
import { load } from './load.ts';
import { downloadRequests } from './money-scenarios.ts';
import { fundedBuyers, paidGames } from './money-setup.ts';
import { pgAdmin } from './pg-admin.ts';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.SECS ?? 10);
const runs = Number(process.env.RUNS ?? 1);
const profDir = process.env.PROF_DIR;
// PG_URL: another way to reach the same PostgreSQL, e.g. its Unix socket
// (postgres://postgres@localhost/test?host=/var/run/postgresql); round trips are counted on TCP only.
const base = process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TICK = 1000 / 100;

function cpuOf(pid: number): number {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK;
  } catch {
    return 0;
  }
}
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === pid) out.push(Number(d));
    } catch {}
  }
  return out;
}
function pidsByComm(name: string): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name) out.push(Number(d));
    } catch {}
  }
  return out;
}
function machineTicks() {
  const l = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const idle = l[3] + l[4];
  const total = l.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK, total: total * TICK };
}

await ensureServerBuilt();
const schema = `bench_dl_${randomBytes(4).toString('hex')}`;
await pgAdmin(base, `create schema ${schema}`);
const url = new URL(base);
url.searchParams.set('options', `-c search_path=${schema}`);
url.searchParams.set('application_name', 'dlbench');
const databaseUrl = url.toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-dl-'));
const webDist = path.join(root, 'apps/web/dist');
const env = { SEED: '0', LOG_LEVEL: 'error', RATE_LIMIT: 'off', SCRYPT_LOG_N: '17' };
let cluster = await startCluster({
  processes: 1,
  databaseUrl,
  redisUrl: 'redis://127.0.0.1:6379',
  dataDir,
  webDist,
  env: { ...env, SEED: '1' },
});
await cluster.stop();
cluster = await startCluster({
  processes: 2,
  databaseUrl,
  redisUrl: 'redis://127.0.0.1:6379',
  dataDir,
  webDist,
  env: {
    ...env,
    ...(profDir ? { PROF_DIR: profDir } : {}),
    REAL_MAIN: process.env.MAIN ?? path.join(root, 'apps/server/dist/main.js'),
  },
  main: path.join(import.meta.dirname, 'cpu-probe-main.mjs'),
});
const db = createDb({ databaseUrl, poolSize: 4 });
try {
  const games = await paidGames(db);
  const buyers = await fundedBuyers(
    db,
    Math.ceil((24_000 * runs) / games.length),
    games.reduce((s, g) => s + g.price, 0),
  );
  const downloads = downloadRequests(buyers, games);
  await load({ url: cluster.url, requests: [downloads.request], seconds: 1 });
  for (let r = 0; r < runs; r++) {
    downloads.counts.paid = 0;
    downloads.counts.refused = 0;
    const serverPids = cluster.servers.map((s) => s.pid!);
    const nginxPids = [cluster.nginx!.pid!, ...childrenOf(cluster.nginx!.pid!)];
    const pgPids = (
      await pgAdmin(base, `select pid from pg_stat_activity where application_name='dlbench'`)
    ).rows.map((r) => r.pid as number);
    const pgAll = pidsByComm('postgres').filter((p) => !pgPids.includes(p));
    const redisPids = pidsByComm('redis-server');
    const groups: Record<string, number[]> = {
      server: serverPids,
      nginx: nginxPids,
      pgBackends: pgPids,
      pgOther: pgAll,
      redis: redisPids,
    };
    const beforePer = new Map(
      Object.values(groups)
        .flat()
        .map((p) => [p, cpuOf(p)]),
    );
    const before = Object.fromEntries(Object.keys(groups).map((k) => [k, 0]));
    const selfBefore = process.cpuUsage();
    const m0 = machineTicks();
    for (const p of serverPids) process.kill(p, 'SIGUSR2');
    const result = await load({ url: cluster.url, requests: [downloads.request], seconds });
    for (const p of serverPids) process.kill(p, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
    const pgEnd = (
      await pgAdmin(base, `select pid from pg_stat_activity where application_name='dlbench'`)
    ).rows.map((r) => r.pid as number);
    const fresh = pgEnd.filter((p) => !pgPids.includes(p));
    const gone = pgPids.filter((p) => !pgEnd.includes(p));
    if (fresh.length || gone.length) console.info(`pg backends: ${fresh.length} new, ${gone.length} gone`);
    const queries = cluster.servers.map((s) =>
      [...s.output.matchAll(/@@queries (\d+)/g)].slice(-2).map((m) => Number(m[1])),
    );
    const statements = queries.reduce((sum, q) => sum + q[1] - q[0], 0);
    const self = process.cpuUsage(selfBefore);
    const after = Object.fromEntries(
      Object.entries(groups).map(([k, v]) => [
        k,
        v
          .map((p) => {
            const c = cpuOf(p);
            return c ? c - (beforePer.get(p) ?? 0) : 0;
          })
          .reduce((a, b) => a + b, 0),
      ]),
    );
    after.pgBackends += fresh.map(cpuOf).reduce((a, b) => a + b, 0);
    const m1 = machineTicks();
    const n = downloads.counts.paid;
    console.info(`round trips to PostgreSQL per paid download: ${(statements / result.total).toFixed(2)}`);
    const per = (ms: number) => ((ms * 1000) / n).toFixed(0);
    const parts = Object.keys(groups).map((k) => `${k} ${per(after[k] - before[k])}`);
    const gen = (self.user + self.system) / 1000;
    parts.push(`loadgen ${per(gen)}`);
    const accounted = Object.keys(groups).reduce((s, k) => s + after[k] - before[k], 0) + gen;
    console.info(
      `run ${r}: ${(n / result.seconds).toFixed(0)}/s p99 ${result.p99} ms refused ${downloads.counts.refused} non2xx ${result.non2xx}; µs CPU per download: ${parts.join(', ')}; accounted ${per(accounted)}, machine busy ${per(m1.busy - m0.busy)} (${((100 * (m1.busy - m0.busy)) / (m1.total - m0.total)).toFixed(0)}% of all)`,
    );
  }
} finally {
  await db.close();
  await cluster.stop();
  await pgAdmin(base, `drop schema if exists ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
