import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Account } from '@ld/contract/accounts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Dialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Deps } from '../../src/platform/deps.ts';
import { logSink } from './logs.ts';
import { pgAdmin } from './pg-admin.ts';

/**
 * Every API test file loops over both dialects (Kysely's habit): `describeDialects('accounts', (dialect) => …)`
 * makes the suites `accounts on sqlite` and `accounts on postgres`. Without TEST_DATABASE_URL the
 * PostgreSQL suite is still collected, and reported as skipped (`npm test` says why).
 */
export function describeDialects(title: string, body: (dialect: Dialect) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe.skipIf(dialect === 'postgres' && !process.env.TEST_DATABASE_URL)(`${title} on ${dialect}`, () =>
      body(dialect),
    );
  }
}

/** @deprecated Use `describeDialects`: with `describe.each(DIALECTS)` the PostgreSQL cases vanish instead of showing as skipped. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  close(): Promise<void>;
}

/** A real app on a fresh, migrated database of the dialect (its own SQLite file, or its own PostgreSQL schema). */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  /** Every log line at every level, besides the warn-and-worse check (a test that reads the logs). */
  options: {
    captureLogs?: string[];
    /** False: no periodic job runs (a test that migrates the schema back and forth). */
    periodicJobs?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-test-'));
  let pgSchema: string | undefined;
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('a postgres test app needs TEST_DATABASE_URL');
  if (databaseUrl) {
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`create schema ${pgSchema}`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEV_INBOX: '1',
    SEED: '0',
    LOG_LEVEL: 'warn',
    SCRYPT_LOG_N: '14',
    // Tests stand in for many clients by sending X-Forwarded-For.
    TRUST_PROXY: '1',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const db = createDb({ databaseUrl, sqlitePath: path.join(dataDir, 'test.sqlite'), pgSchema });
  await migrateToLatest(db.kysely, pgSchema);
  const clock = new ManualClock(Date.parse('2026-11-22T04:00:00Z'));
  // Warnings and errors go to the sink that fails the test unless it expected them (test/setup.ts).
  const capture = options.captureLogs;
  const logger = capture
    ? {
        level: 'trace',
        stream: {
          write(line: string) {
            capture.push(line);
            logSink.write(line);
          },
        },
      }
    : { level: 'warn', stream: logSink };
  const app = await buildApp({
    config,
    db,
    clock,
    logger,
    jobs: options.periodicJobs === false ? [] : undefined,
  });
  await app.ready();
  return {
    app,
    deps: app.deps,
    clock,
    async close() {
      await app.close();
      await db.close();
      if (databaseUrl && pgSchema) {
        await pgAdmin(`drop schema ${pgSchema} cascade`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  raw: LightMyRequestResponse;
}

function toAnswer<T>(raw: LightMyRequestResponse): Answer<T> {
  const body = raw.json() as { code: number; msg: string; data: T };
  return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
}

export const authHeaders = (account?: Pick<Account, 'uid' | 'token'>) =>
  account ? { uid: account.uid, token: account.token } : {};

/** POST a form body, as the web client does by default. */
export async function postForm<T = any>(
  app: FastifyInstance,
  url: string,
  body: Record<string, string | number | undefined> = {},
  account?: Pick<Account, 'uid' | 'token'>,
  /** Extra headers, e.g. `x-forwarded-for` to call from another address (per-IP limits). */
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined) form.set(k, String(v));
  const raw = await app.inject({
    method: 'POST',
    url,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...authHeaders(account), ...headers },
  });
  return toAnswer<T>(raw);
}

/** Any method with a JSON body or query, for the `/api/v1` calls. */
export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    json?: unknown;
    query?: Record<string, string | number>;
    account?: Pick<Account, 'uid' | 'token'>;
  } = {},
): Promise<Answer<T>> {
  const raw = await app.inject({
    method,
    url,
    query: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    ...(options.json !== undefined ? { payload: options.json as object } : {}),
    headers: authHeaders(options.account),
  });
  return toAnswer<T>(raw);
}

/** A random private address, so per-IP rate limits of one test do not trip another. */
export const randomIp = (): string => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

let counter = 0;
/** Registers a fresh account through the real API and answers it (token included). */
export async function registerUser(
  app: FastifyInstance,
  loginName?: string,
  password = 'secret123',
): Promise<Account> {
  counter += 1;
  const name = loginName ?? `user_${process.pid}_${counter}_${randomBytes(2).toString('hex')}`;
  // Each test user registers from its own address, so the per-IP registration limit
  // (limits.register) never trips in a file that needs many users.
  const answer = await postForm<Account>(
    app,
    '/api/user/registerWithName',
    { loginName: name, password },
    undefined,
    { 'x-forwarded-for': randomIp() },
  );
  if (answer.code !== 0) throw new Error(`register failed: ${answer.msg}`);
  return answer.data;
}

/** Reads the last SMS code from the dev inbox, as the e2e tests do. */
export async function latestSmsCode(app: FastifyInstance, phone: string): Promise<string> {
  const answer = await call<{ code: string | null }>(app, 'GET', '/api/v1/dev/sms/latest', {
    query: { phone },
  });
  if (!answer.data?.code) throw new Error(`no sms for ${phone}`);
  return answer.data.code;
}
