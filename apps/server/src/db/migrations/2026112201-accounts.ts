import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('login_name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('phone', 'varchar(16)', (c) => c.unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('account_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_real_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coin_num', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('level_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exp_time', 'bigint')
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'bigint')
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('users_coin_not_negative', sql`coin_num >= 0`)
    .execute();
  // Invite statistics and rewards look users up by who invited them.
  await db.schema.createIndex('users_invited_by').on('users').column('invited_by').execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();

  await withId(db, db.schema.createTable('devices'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('os_type', 'integer', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();

  // One row per attributed visit: a device init or a visit to the download page, by channel and invite code.
  await withId(db, db.schema.createTable('channel_visits'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_visits_channel')
    .on('channel_visits')
    .columns(['channel_id', 'kind'])
    .execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user').on('messages').columns(['user_id', 'id']).execute();
  // The header shows the unread count on every page, so counting it must not scan a user's history.
  await db.schema
    .createIndex('messages_user_unread')
    .on('messages')
    .columns(['user_id', 'is_read'])
    .execute();

  await withId(db, db.schema.createTable('bulletins'))
    .addColumn('pos_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bulletins_pos_active')
    .on('bulletins')
    .columns(['pos_type', 'is_active', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('faqs'))
    .addColumn('question', 'varchar(255)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('client_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(1024)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('kefu_messages'))
    .addColumn('user_id', 'bigint')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'app_secrets',
    'kefu_messages',
    'client_config',
    'faqs',
    'bulletins',
    'messages',
    'channel_visits',
    'devices',
    'sms_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
