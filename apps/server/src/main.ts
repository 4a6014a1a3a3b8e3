import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';

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
  const db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: `${config.dataDir}/portal.sqlite` });
  await migrateToLatest(db.kysely, config.databaseUrl ? 'public' : undefined);
  const app = await buildApp({ config, db });
  if (config.seed) await seedIfEmpty(app.deps, app.log);

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
  app.log.info(`${config.appTitle} is serving on http://localhost:${config.port}`);
}

main().catch((error) => {
  console.error('start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
