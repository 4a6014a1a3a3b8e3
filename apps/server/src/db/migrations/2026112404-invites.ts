import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Friend invites (docs/decisions/0041-invites.md): one row per account that signed up with a
// known code (paid, or why not), and the first account of each device, so a device pays once.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invites'))
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invites_inviter').on('invites').columns(['inviter_id', 'id']).execute();

  await db.schema
    .createTable('invite_devices')
    .addColumn('device_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['invite_devices', 'invites']) await db.schema.dropTable(t).execute();
}
