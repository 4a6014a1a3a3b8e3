import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { serveMetrics } from './platform/metrics.ts';
import { withStartupLock } from './platform/startup-lock.ts';

/**
 * PostgreSQL: the schema the connection works in (`public`, or the first of a search_path set
 * in DATABASE_URL's `options`), where the migration bookkeeping must live too.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (db.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? 'public';
}

/** Reads the environment, migrates, seeds an empty database, listens, and shuts down gracefully. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const db = createDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'portal.sqlite'),
    poolSize: config.dbPoolSize,
  });
  // Processes starting together on one database take turns here: the first migrates and seeds,
  // the next ones find it done (docs/decisions/0020-several-processes.md).
  const app = await withStartupLock(db, path.join(config.dataDir, 'startup.lock'), async () => {
    await migrateToLatest(db.kysely, await migrationSchema(db));
    const built = await buildApp({ config, db });
    if (config.seed) await seedIfEmpty(built.deps, built.log);
    return built;
  });

  let metrics: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    await drain(app, config.shutdownDrainMs);
    await app.close();
    await metrics?.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Closed before exiting: the work started with the app (the demo clips) stops and gives its
    // lease back, so the next start is not kept waiting for it.
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`port ${config.port} is in use (another server?): stop it, or start with another PORT`);
    throw error;
  }
  const { port } = app.server.address() as { port: number };
  if (app.metrics && config.metricsPort !== undefined) {
    metrics = await serveMetrics(app, app.metrics, config.metricsHost, config.metricsPort);
    app.log.info({ metrics: `http://${config.metricsHost}:${metrics.port}/metrics` }, 'metrics are served');
  }
  app.log.info(
    { port, startMs: Math.round(performance.now()) },
    `${config.appTitle} is serving on http://localhost:${port}`,
  );
}

/** How long no request must have come before the listening socket may close. */
const QUIET_MS = 300;

/**
 * The first part of a graceful stop, before Fastify's close (docs/decisions/0056-cluster.md).
 * 1. Draining: reads are answered 503 (nginx sends each again to another process and marks this
 *    one failed, so it stops sending it anything, writes included); writes are still served;
 *    every answer closes its connection.
 * 2. Once no request has come for QUIET_MS, the listening socket closes. Not before: closing it
 *    resets the connections the kernel has accepted but Node has not yet taken, and nginx would
 *    not resend a write that met that reset (a 502 for the client).
 * 3. Wait, up to `drainMs` in all, for the connections still open to end: requests in flight
 *    finish, and nginx drops its idle keep-alive connections after its own 4 s. Only then does
 *    `app.close()` close what is left (closing idle connections at once, as `server.close()`
 *    does, would race nginx picking one of them for a request).
 */
async function drain(app: Awaited<ReturnType<typeof buildApp>>, drainMs: number): Promise<void> {
  const until = Date.now() + drainMs;
  app.lifecycle.draining = true;
  while (Date.now() < until && performance.now() - app.lifecycle.lastRequestAt < QUIET_MS) await sleep(50);
  // net.Server's close stops accepting without touching open connections (http.Server's own
  // close also ends the idle ones).
  net.Server.prototype.close.call(app.server);
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) =>
      app.server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (open === 0) return;
    await sleep(50);
  }
}

main().catch((error) => {
  console.error('start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
