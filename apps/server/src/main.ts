import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
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
  });
  // Processes starting together on one database take turns here: the first migrates and seeds,
  // the next ones find it done (docs/decisions/0020-several-processes.md).
  const app = await withStartupLock(db, path.join(config.dataDir, 'startup.lock'), async () => {
    await migrateToLatest(db.kysely, await migrationSchema(db));
    const built = await buildApp({ config, db });
    if (config.seed) await seedIfEmpty(built.deps, built.log);
    return built;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  app.log.info({ port }, `${config.appTitle} is serving on http://localhost:${port}`);
}

main().catch((error) => {
  console.error('start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
