// `npm run cluster`: the portal as production runs it, on one machine (docs/decisions/0056-cluster.md):
// nginx on PORT (8080) in front of CLUSTER_PROCESSES (2) server processes, one port each, on
// PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). Builds what is missing, installs nginx when it
// can, and stops everything on Ctrl-C or SIGTERM.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startCluster } from './lib/cluster.mjs';
import { ensureNginx } from './lib/nginx-deps.mjs';
import { localPostgresUrl } from './lib/services.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');

/**
 * The cluster's own database, apart from the tests' (`test`, one schema per test file), on the
 * local PostgreSQL: through its Unix socket when it has one, else 127.0.0.1:5432.
 */
export const DEFAULT_CLUSTER_DATABASE = localPostgresUrl('portal_cluster');

/** Creates the database named in `url` when the server does not have it yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      console.info(`creating the database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

const env = process.env;
const port = Number(env.PORT ?? 8080);
const processes = Number(env.CLUSTER_PROCESSES ?? 2);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(`CLUSTER_PROCESSES=${env.CLUSTER_PROCESSES}: a whole number from 1 to 64`);
  process.exit(78);
}
const databaseUrl = env.DATABASE_URL || DEFAULT_CLUSTER_DATABASE;
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data/cluster'));

if (!ensureNginx()) process.exit(1);
// The web app, the console and the server, built when missing or older than their sources.
const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  stdio: 'inherit',
  env: { ...env, LD_BUILD_ONLY: '1' },
});
if (build.status !== 0) process.exit(build.status ?? 1);
await ensureDatabase(databaseUrl).catch((error) => {
  console.error(`PostgreSQL at ${databaseUrl} did not answer: ${error.message}`);
  process.exit(1);
});

console.info(`starting ${processes} server processes and nginx on port ${port}…`);
const started = Date.now();
const cluster = await startCluster({
  port,
  processes,
  // The processes take the ports just above nginx's, and their metrics those 100 further.
  processPorts: Array.from({ length: processes }, (_, i) => port + 1 + i),
  metricsPorts: Array.from({ length: processes }, (_, i) => port + 101 + i),
  databaseUrl,
  redisUrl,
  dataDir,
  webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
  // The operator console's build, whose assets nginx serves at /admin/assets/ when it exists.
  adminDist: [path.resolve(env.ADMIN_DIST ?? path.join(root, 'apps/admin/dist'))].find((dir) =>
    fs.existsSync(path.join(dir, 'index.html')),
  ),
  env: { SEED: env.SEED ?? '1', LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
  log: (text) => process.stdout.write(text),
}).catch((error) => {
  console.error(`the cluster did not start: ${error.message}`);
  process.exit(1);
});
console.info(
  `\nthe portal is served on ${cluster.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
for (const server of cluster.servers) {
  console.info(
    `  process ${server.pid} on ${server.url} (metrics http://127.0.0.1:${server.metricsPort}/metrics)`,
  );
}
console.info(`  nginx ${cluster.nginx.pid}: config, logs and pid in ${cluster.prefix}`);
console.info('Ctrl-C stops them all.');

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.info(`\n${signal}: stopping the server processes and nginx…`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
