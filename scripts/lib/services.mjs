// The databases the server tests can use besides SQLite. `npm test` turns each on when it answers
// (as `.ci/run` used to), and otherwise says in its closing line that its cases were skipped, and why.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
// pg and ioredis are the server's dependencies; resolve them from there.
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

export const SERVICES = [
  {
    name: 'PostgreSQL',
    variable: 'TEST_DATABASE_URL',
    probeVariable: 'TEST_DATABASE_PROBE_URL',
    defaultUrl: 'postgres://postgres@127.0.0.1:5432/test',
    probe: (url) => probePostgres(url),
  },
  {
    name: 'Redis',
    variable: 'TEST_REDIS_URL',
    probeVariable: 'TEST_REDIS_PROBE_URL',
    defaultUrl: 'redis://127.0.0.1:6379',
    probe: (url) => probeRedis(url),
  },
];

/** Where Debian's PostgreSQL puts its Unix socket. */
export const PG_SOCKET_DIR = '/var/run/postgresql';

/**
 * The local PostgreSQL's `database` as `user`: through its Unix socket when there is one (the
 * loopback TCP stack on both ends costs ~14 % of a paid download's CPU, docs/decisions/0056-cluster.md),
 * else 127.0.0.1:5432. Only for a PostgreSQL on this machine.
 */
export function localPostgresUrl(database, { user = 'postgres', socketDir = PG_SOCKET_DIR } = {}) {
  if (fs.existsSync(path.join(socketDir, '.s.PGSQL.5432')))
    return `postgres://${user}@localhost/${database}?host=${socketDir}`;
  return `postgres://${user}@127.0.0.1:5432/${database}`;
}

// Socket errors say most in their code (ECONNREFUSED); server errors in their message.
const describeError = (error) =>
  /^E[A-Z]+$/.test(error?.code ?? '') ? error.code : (error?.message ?? String(error));

/** Connects and runs `select 1`; answers `{ ok }` or `{ ok: false, reason }`. */
export async function probePostgres(url, timeoutMs = 3000) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connects and sends PING; answers `{ ok }` or `{ ok: false, reason }`. */
export async function probeRedis(url, timeoutMs = 3000) {
  const { Redis } = serverRequire('ioredis');
  let lastError;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', (error) => {
    lastError = error;
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? { ok: true } : { ok: false, reason: 'no PONG' };
  } catch (error) {
    return { ok: false, reason: describeError(lastError ?? error) };
  } finally {
    redis.disconnect();
  }
}

/**
 * Decides, for each service, from the environment and what a probe finds:
 * - the variable is set: that URL is used, and it must answer (`errors` says so otherwise);
 * - unset: the probe URL (`TEST_*_PROBE_URL`, default the local service; `off` skips the probe) is
 *   tried, and used when it answers; otherwise the service lands in `skipped` with the reason.
 * Answers `{ env, using, skipped, errors }`; `env` holds the variables to pass to the tests.
 */
export async function resolveServices(env, services = SERVICES) {
  const result = { env: {}, using: {}, skipped: {}, errors: [] };
  await Promise.all(
    services.map(async (service) => {
      const explicit = env[service.variable];
      if (explicit) {
        const answer = await service.probe(explicit);
        if (answer.ok) {
          result.env[service.variable] = explicit;
          result.using[service.name] = explicit;
        } else {
          result.errors.push(
            `${service.variable}=${explicit} does not answer (${answer.reason}): start ${service.name} or unset ${service.variable}.`,
          );
        }
        return;
      }
      const candidate = env[service.probeVariable] || service.defaultUrl;
      if (candidate === 'off') {
        result.skipped[service.name] = `${service.probeVariable}=off`;
        return;
      }
      const answer = await service.probe(candidate);
      if (answer.ok) {
        result.env[service.variable] = candidate;
        result.using[service.name] = candidate;
      } else {
        result.skipped[service.name] = `no ${service.name} at ${candidate} (${answer.reason})`;
      }
    }),
  );
  return result;
}
