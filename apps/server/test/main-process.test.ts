import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/process.ts';

const exitWithin = (server: ServerProcess, ms: number) =>
  Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), ms))]);

async function waitFor(condition: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Warn-or-worse lines the process logged (anything but a clean run has some). */
const troubleIn = (server: ServerProcess) => server.logLines().filter((line) => line.level >= 40);

// `main.ts` as `npm start` runs it: what only a real process shows.
describe('the server process', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.cleanUp();
    server = undefined;
  });

  it('with SEED=0 starts on an empty database: no demo account, game, post or bulletin', async () => {
    server = await startServerProcess({ SEED: '0' });
    const post = (url: string, body: Record<string, string>) =>
      fetch(`${server?.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ appID: '2008', ...body }),
      }).then((r) => r.json() as Promise<{ code: number; data: any }>);
    expect((await post('/api/web/game/list', { pageSize: '10' })).data).toMatchObject({
      records: [],
      total: 0,
    });
    expect((await post('/api/user/login', { loginName: 'demo', password: 'demo123456' })).code).toBe(1);
    const bulletin = await fetch(`${server.baseUrl}/api/v1/bulletin`).then((r) => r.json());
    expect(bulletin).toMatchObject({ code: 0, data: null });

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 15_000)).toBe(0);
    // Every table the migrations made is empty (the migration bookkeeping aside); the feed's
    // counter row for "all posts" exists from the migration on, and counts nothing; the home's
    // layout (its sections, and the two built-in banners it showed before they became editable in
    // the console, decision 0060) comes with its migration too: site furniture, not demo content.
    const db = new SQLite(path.join(server.dataDir, 'portal.sqlite'), { readonly: true });
    try {
      const tables = db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
        )
        .pluck()
        .all() as string[];
      expect(tables.length).toBeGreaterThan(20);
      const filled = tables.filter(
        (name) =>
          !['square_post_counters', 'home_banners', 'home_sections'].includes(name) &&
          (db.prepare(`select count(*) from "${name}"`).pluck().get() as number) > 0,
      );
      expect(filled).toEqual([]);
      expect(db.prepare('select tag_id, live_count from square_post_counters').all()).toEqual([
        { tag_id: 0, live_count: 0 },
      ]);
    } finally {
      db.close();
    }
    expect(server.logLines().some((line) => line.msg === 'demo content seeded')).toBe(false);
    expect(troubleIn(server)).toEqual([]);
  });

  it('on SIGTERM finishes the request in flight, takes no new one, closes the database and exits 0', async () => {
    // debug logs each incoming request, which tells us when the server holds ours.
    server = await startServerProcess({ SEED: '0', LOG_LEVEL: 'debug' });
    const body = new URLSearchParams({
      appID: '2008',
      loginName: 'nobody',
      password: 'secret123',
    }).toString();
    // A login whose body is still on its way when the signal comes.
    const request = http.request(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (d) => {
          text += d;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await waitFor(() => server?.output().includes('"url":"/api/user/login"') ?? false);

    server.child.kill('SIGTERM');
    await waitFor(() => server?.output().includes('"msg":"shutting down"') ?? false);
    await new Promise((r) => setTimeout(r, 300));
    // Shutting down: a new request is refused (connection refused, or 503 on a socket already taken).
    const late = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => `answered ${r.status}`,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(late).toMatch(/^(ECONNREFUSED|answered 503)$/);

    request.end(body.slice(10));
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ code: 1, msg: '用户名或密码错误', data: null });
    expect(await exitWithin(server, 15_000)).toBe(0);

    expect(server.logLines().filter((line) => line.msg === 'shutting down')).toEqual([
      expect.objectContaining({ signal: 'SIGTERM' }),
    ]);
    expect(troubleIn(server)).toEqual([]);
    // SQLite folds its write-ahead log into the file when the last connection closes cleanly.
    expect(fs.existsSync(path.join(server.dataDir, 'portal.sqlite-wal'))).toBe(false);
  });

  it('on SIGTERM with an idle keep-alive connection open exits at once', async () => {
    server = await startServerProcess({ SEED: '0' });
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server?.baseUrl}/api/health`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 15_000)).toBe(0);
    // Not held up by the open connection until the forced exit after 10 s.
    expect(Date.now() - started).toBeLessThan(8_000);
    agent.destroy();
  });
  it('serves the console at /admin beside the portal; the first admin made by the command logs in over HTTP', async () => {
    // A console build as `npm run build` leaves it (its contents do not matter here).
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-admin-dist-'));
    const html = '<!doctype html><html lang="zh-CN"><head><title>管理后台</title></head><body></body></html>';
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    try {
      server = await startServerProcess({ SEED: '0', ADMIN_DIST: dist });
      const page = await fetch(`${server.baseUrl}/admin/login`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(html);

      // README: after `npm start`, `npm run admin:create` in another terminal, then log in at /admin.
      const password = 'Lan-Zuan#2026ok';
      const made = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/cli/admin-create.ts',
          '--name',
          'boss',
          '--role',
          'admin',
          '--password-stdin',
        ],
        {
          cwd: path.join(import.meta.dirname, '../../..'),
          env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
          input: `${password}\n`,
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);
      const login = await fetch(`${server.baseUrl}/api/admin/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'boss', password }),
      });
      const answer = (await login.json()) as { code: number; data: { stage: string } };
      expect(answer).toMatchObject({ code: 0, data: { stage: 'active' } });
      const cookie = String(login.headers.get('set-cookie')).split(';')[0];
      expect(cookie).toMatch(/^ld_admin=/);
      const session = await fetch(`${server.baseUrl}/api/admin/v1/session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(troubleIn(server)).toEqual([]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 90_000);
});
