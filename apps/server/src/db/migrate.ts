import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * Migration names compared by code unit, the order Kysely sorts the known migrations in. Its
 * default for the ones already run, `localeCompare`, set up ICU's collation at every start (14 ms
 * of a cold start; docs/decisions/0056-cluster.md). The two orders are the same for every name here.
 */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

const migratorFor = (db: Kysely<any>, schema?: string) =>
  new Migrator({
    db,
    provider: new StaticProvider(),
    migrationTableSchema: schema,
    nameComparator: byCodeUnit,
  });

/**
 * Brings the schema up to date; runs at boot and in test setup. On PostgreSQL the migration
 * bookkeeping tables live in `schema` (the search_path one), or Kysely would find another
 * schema's tables and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Names of the migrations this code knows that the database has not run yet (none once
 * `migrateToLatest` has finished here or in another process). Readiness reads it.
 */
export async function pendingMigrations(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = migratorFor(db, schema);
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
