import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The operator console (docs/decisions/0048-operator-console.md): operators apart from portal
 * users, their own sessions, the audit log of every operator write, the console's settings, and
 * an update time on bulletins (the first content the console edits).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('operators'))
    // Stored lower-case: names compare without case.
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) =>
      c.notNull().check(sqlIn('role', ['admin', 'editor', 'moderator', 'finance'])),
    )
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    // Base32 secret; set while enrolling, in force once totp_enabled is 1.
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // The last 30-second step a code was accepted for: a code is used once.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('operator_sessions'))
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('stage', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .columns(['operator_id'])
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    // Null for the command line; kept when an operator row is gone (operators are disabled, not deleted).
    .addColumn('operator_id', 'bigint')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The audit page filters by operator, action or target type within a time range, newest first.
  await db.schema.createIndex('audit_log_time').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_operator')
    .on('audit_log')
    .columns(['operator_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at']).execute();

  await db.schema
    .createTable('operator_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('bulletins')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('bulletins')
    .set((eb) => ({ updated_at: eb.ref('created_at') }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bulletins').dropColumn('updated_at').execute();
  for (const table of ['operator_settings', 'audit_log', 'operator_sessions', 'operators']) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
