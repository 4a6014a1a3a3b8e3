import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  localPostgresUrl,
  PG_SOCKET_DIR,
  probePostgres,
  probeRedis,
  resolveServices,
} from '../lib/services.mjs';

const fake = (name, answers) => ({
  name,
  variable: `TEST_${name.toUpperCase()}_URL`,
  probeVariable: `TEST_${name.toUpperCase()}_PROBE_URL`,
  defaultUrl: `${name}://local`,
  probe: async (url) => answers[url] ?? { ok: false, reason: 'ECONNREFUSED' },
});

/** A port nothing listens on: bound, then closed. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('which databases npm test turns on', () => {
  it('uses the local service when it answers', async () => {
    const result = await resolveServices({}, [fake('pg', { 'pg://local': { ok: true } })]);
    expect(result).toEqual({
      env: { TEST_PG_URL: 'pg://local' },
      using: { pg: 'pg://local' },
      skipped: {},
      errors: [],
    });
  });

  it('skips a service that does not answer, with the reason', async () => {
    const result = await resolveServices({}, [fake('pg', {})]);
    expect(result.env).toEqual({});
    expect(result.skipped).toEqual({ pg: 'no pg at pg://local (ECONNREFUSED)' });
  });

  it('probes the URL the probe variable names, and not at all when it says off', async () => {
    const services = [fake('pg', { 'pg://elsewhere': { ok: true } }), fake('redis', {})];
    const result = await resolveServices(
      { TEST_PG_PROBE_URL: 'pg://elsewhere', TEST_REDIS_PROBE_URL: 'off' },
      services,
    );
    expect(result.env).toEqual({ TEST_PG_URL: 'pg://elsewhere' });
    expect(result.skipped).toEqual({ redis: 'TEST_REDIS_PROBE_URL=off' });
  });

  it('refuses to go on when the URL given explicitly does not answer', async () => {
    const result = await resolveServices({ TEST_PG_URL: 'pg://given' }, [fake('pg', {})]);
    expect(result.errors).toEqual([
      'TEST_PG_URL=pg://given does not answer (ECONNREFUSED): start pg or unset TEST_PG_URL.',
    ]);
  });

  it('reports a refused connection from the real probes', async () => {
    const port = await closedPort();
    expect(await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`)).toEqual({
      ok: false,
      reason: 'ECONNREFUSED',
    });
    expect(await probeRedis(`redis://127.0.0.1:${port}`)).toEqual({ ok: false, reason: 'ECONNREFUSED' });
  });
});

describe('the local PostgreSQL', () => {
  it('is reached through its Unix socket when it has one, else on 127.0.0.1:5432', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-socket-'));
    try {
      expect(localPostgresUrl('portal_cluster', { socketDir: dir })).toBe(
        'postgres://postgres@127.0.0.1:5432/portal_cluster',
      );
      fs.writeFileSync(path.join(dir, '.s.PGSQL.5432'), '');
      expect(localPostgresUrl('portal_cluster', { socketDir: dir })).toBe(
        `postgres://postgres@localhost/portal_cluster?host=${dir}`,
      );
      expect(localPostgresUrl('portal', { user: 'portal', socketDir: dir })).toBe(
        `postgres://portal@localhost/portal?host=${dir}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(fs.existsSync(path.join(PG_SOCKET_DIR, '.s.PGSQL.5432')) && process.env.TEST_DATABASE_URL)(
    'answers on the socket URL as on TCP',
    async () => {
      expect(await probePostgres(localPostgresUrl('test'))).toEqual({ ok: true });
    },
  );
});
