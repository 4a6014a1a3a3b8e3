import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Cluster, NGINX, startCluster } from '../../scripts/lib/cluster.mjs';
import { ensureServerBuilt } from '../../scripts/lib/server-build.mjs';
import { CHROMIUM } from '../src/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the cluster tests cannot run here (no PostgreSQL, Redis or nginx), or '' when they can. */
    clusterSkip: string;
    /** A seeded PostgreSQL schema (DATABASE_URL with its search_path) every cluster of the run shares. */
    clusterDatabaseUrl: string;
    clusterRedisUrl: string;
    /** The uploads of that database (the demo's images and packages). */
    clusterDataDir: string;
    webDist: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function pgAdmin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL that puts every connection in `schema`, as an operator would write it. */
export const urlInSchema = (url: string, schema: string) => {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
};

function whyNot(): string {
  if (!process.env.TEST_DATABASE_URL) return 'no PostgreSQL (TEST_DATABASE_URL)';
  if (!process.env.TEST_REDIS_URL) return 'no Redis (TEST_REDIS_URL)';
  if (!fs.existsSync(NGINX)) return `no nginx at ${NGINX}`;
  if (!fs.existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  return '';
}

/**
 * The cluster tests' shared ground (docs/decisions/0056-cluster.md): the compiled server, a fresh
 * PostgreSQL schema seeded with the demo content once, and one cluster (nginx + two processes)
 * serving it for the smoke and API files; the fault files start clusters of their own on it.
 */
export default async function setup(project: TestProject) {
  const skip = whyNot();
  project.provide('clusterSkip', skip);
  const webDist = process.env.E2E_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  project.provide('webDist', webDist);
  // Names the e2e fixtures read (baseUrl, portalLog) are provided even when skipped.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-cluster-test-'));
  const portalLog = `${dataDir}.log`;
  project.provide('portalLog', portalLog);
  project.provide('clusterDataDir', dataDir);
  project.provide('clusterRedisUrl', process.env.TEST_REDIS_URL ?? '');
  if (skip) {
    project.provide('baseUrl', '');
    project.provide('clusterDatabaseUrl', '');
    return () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run npm run build (or set E2E_WEB_DIST)`);
  }
  await ensureServerBuilt();
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  await pgAdmin(base, `create schema ${schema}`);
  const databaseUrl = urlInSchema(base, schema);
  project.provide('clusterDatabaseUrl', databaseUrl);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      processes: 2,
      databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
      dataDir,
      webDist,
      adminDist: [path.join(ROOT, 'apps/admin/dist')].find((dir) =>
        fs.existsSync(path.join(dir, 'index.html')),
      ),
      env: {
        SEED: '1',
        DEV_INBOX: '1',
        SCRYPT_LOG_N: '14',
        LOG_LEVEL: 'warn',
        // Every simulated user comes from 127.0.0.1; per-IP limits are the API tests' subject.
        RATE_LIMIT: 'off',
      },
      log: (text) => fs.appendFileSync(portalLog, text),
    });
  } catch (error) {
    await pgAdmin(base, `drop schema if exists ${schema} cascade`);
    throw error;
  }
  project.provide('baseUrl', cluster.url);
  return async () => {
    await cluster?.stop();
    await pgAdmin(base, `drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(portalLog, { force: true });
  };
}
