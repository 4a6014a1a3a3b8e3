import type { Kysely } from 'kysely';

// One row per periodic job: the process holding it (`holder`) runs the job until `expires_at`
// (epoch ms), renewing as it goes; when the holder stops renewing, another process takes over.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').execute();
}
