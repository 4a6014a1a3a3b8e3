import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { leaseHolder, runPeriodic } from '../src/platform/lease.ts';
import { call, latestSmsCode, postForm, randomIp } from './helpers/app.ts';
import { pgAdmin } from './helpers/pg-admin.ts';

// Several server processes on one PostgreSQL and Redis (issue 7, part 3;
// docs/decisions/0020-several-processes.md). Without both, the two-apps suite below shows as skipped, and npm test names the missing service from its title.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const shared = Boolean(databaseUrl && redisUrl);

const serverDir = path.resolve(import.meta.dirname, '..');

/** DATABASE_URL that puts a connection in `schema`, as an operator would write it. */
const urlInSchema = (schema: string) => {
  const url = new URL(databaseUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};

interface Server {
  child: ChildProcess;
  output: () => string;
  baseUrl: Promise<string>;
  exited: Promise<number | null>;
}

/** Starts `main.ts` as its own process, as `npm start` does, and learns its port from its log. */
function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      // Node 22's run loads better-sqlite3 built for it through a hook (scripts/lib/node22.mjs).
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const port = text.match(/is serving on http:\/\/localhost:(\d+)/)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`server exited with ${code} before serving:\n${text}`)));
  });
  baseUrl.catch(() => undefined);
  return { child, output: () => text, baseUrl, exited };
}

const seededLines = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.includes('"demo content seeded"') && line.includes('"seed":"accounts"'));

async function login(baseUrl: string, loginName: string, password: string) {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ loginName, password }).toString(),
  });
  return (await res.json()) as { code: number; data: { uid: string } | null };
}

describe.each(shared ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))(
  'two main.ts processes started together on an empty %s database',
  (dialect) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-race-'));
    const schema = `race_${randomBytes(5).toString('hex')}`;
    let servers: Server[] = [];

    beforeAll(async () => {
      if (dialect === 'postgres') await pgAdmin(`create schema ${schema}`);
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: '1',
        SCRYPT_LOG_N: '14',
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
        ...(dialect === 'postgres' ? { DATABASE_URL: urlInSchema(schema), REDIS_URL: redisUrl! } : {}),
      };
      servers = [startServer(env), startServer(env)];
      await Promise.all(servers.map((s) => s.baseUrl));
    }, 180_000);

    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      if (dialect === 'postgres') await pgAdmin(`drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('both come up; one seeds, the other waits and serves the seeded database', async () => {
      const logs = servers.map((s) => s.output());
      for (const log of logs) expect(log).not.toMatch(/start-up failed|duplicate key|UNIQUE constraint/);
      expect(logs.flatMap(seededLines)).toHaveLength(1);
      for (const s of servers) {
        const base = await s.baseUrl;
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(200);
        // Each process sees the demo account the other one (or it) created, exactly once.
        const answer = await login(base, 'demo', 'demo123456');
        expect(answer.code).toBe(0);
      }
      const [a, b] = await Promise.all(
        servers.map(async (s) => login(await s.baseUrl, 'demo', 'demo123456')),
      );
      expect(a.data?.uid).toBe(b.data?.uid);
    });

    it('both shut down cleanly on SIGTERM', async () => {
      for (const s of servers) s.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
    });
  },
);

describe.runIf(shared)('two apps on one PostgreSQL and Redis', () => {
  const schema = `two_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-two-'));
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const runs: string[] = [];
  const closed = new Set<number>();

  beforeAll(async () => {
    await pgAdmin(`create schema ${schema}`);
    for (let i = 0; i < 2; i++) dbs.push(createDb({ databaseUrl, pgSchema: schema, poolSize: 4 }));
    await migrateToLatest(dbs[0].kysely, schema);
    for (const [i, db] of dbs.entries()) {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DEV_INBOX: '1',
        SEED: '0',
        SCRYPT_LOG_N: '14',
        TRUST_PROXY: '1',
        WEB_DIST: path.join(dataDir, 'no-web'),
      });
      const app = await buildApp({ config, db, logger: false });
      runPeriodic(app, 'test.tick', 40, async () => {
        runs.push(`app${i}`);
      });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const [i, app] of apps.entries()) if (!closed.has(i)) await app.close();
    for (const db of dbs) await db.close();
    await pgAdmin(`drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('lets one app read and use the code another one sent', async () => {
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const sent = await postForm(apps[0], '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': randomIp(),
    });
    expect(sent.code).toBe(0);
    const code = await latestSmsCode(apps[1], phone);
    expect(code).toMatch(/^\d{6}$/);
    const login = await postForm(apps[1], '/api/user/loginWithPhone', { phone, code }, undefined, {
      'x-forwarded-for': randomIp(),
    });
    expect(login.code).toBe(0);
    // The same inbox answers on the first app too.
    const again = await call(apps[0], 'GET', '/api/v1/dev/sms/latest', { query: { phone } });
    expect(again.data).toEqual({ code });
  });

  it('counts wrong passwords for one account across both apps', async () => {
    const ip = randomIp();
    const name = `shared_${randomBytes(3).toString('hex')}`;
    const attempt = (i: number) =>
      postForm(apps[i % 2], '/api/user/login', { loginName: name, password: `guess-${i}` }, undefined, {
        'x-forwarded-for': ip,
      });
    // 5 from one address in all, spread over both processes; then either one makes it wait.
    for (let i = 0; i < 5; i++) expect((await attempt(i)).code).toBe(1);
    for (const i of [5, 6]) {
      const waiting = await attempt(i);
      expect(waiting.status).toBe(429);
      expect(Number(waiting.raw.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('runs the unpaid-order sweep as a leased job, held by one of them', async () => {
    // Each app's first tick is at start; whichever took the lease is the one that swept.
    await waitFor(
      async () => (await leaseHolder(dbs[0], 'wallet.close-expired-orders', Date.now())) !== null,
    );
    const holder = await leaseHolder(dbs[0], 'wallet.close-expired-orders', Date.now());
    expect(holder).toMatch(new RegExp(`^${os.hostname()}:${process.pid}:[0-9a-f]{8}$`));
  });

  it('runs a periodic job in one of them, and in the other once the first closes', async () => {
    await waitFor(() => runs.length >= 10);
    const first = runs[0];
    // Both apps tick every 40 ms; only the lease holder ever runs the job.
    expect(new Set(runs)).toEqual(new Set([first]));
    const holderIndex = Number(first.slice(3));
    const holder = await leaseHolder(dbs[0], 'test.tick', Date.now());
    expect(holder).not.toBeNull();

    await apps[holderIndex].close();
    closed.add(holderIndex);
    const before = runs.length;
    const other = `app${1 - holderIndex}`;
    await waitFor(() => runs.slice(before).filter((r) => r === other).length >= 3);
    expect(runs.slice(before).every((r) => r === other)).toBe(true);
    expect(await leaseHolder(dbs[0], 'test.tick', Date.now())).not.toBe(holder);
  });
});
