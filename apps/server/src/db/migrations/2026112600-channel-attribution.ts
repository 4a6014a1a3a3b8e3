import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

// The operator console's money pages and channel report (issue 20 §4, §5; decision 0062).
// - `user_channels`: the channel and invite code each account was attributed to at sign-up
//   (the device's first channel, the invite code given), so registrations count per channel.
// - `game_downloads`: one row per download link handed out (until now only a counter on games).
// - `channel_id`/`invite_code` on recharge and membership orders: the buyer's attribution when
//   the order was made, so each owner counts its own rows per channel.
// - `wallet_adjustments`: operators' manual credits and debits, one per request key.
// Existing accounts and orders are attributed as the users table knew them (channel '0', the
// inviter's code).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_channels')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_channels_time').on('user_channels').column('created_at').execute();
  await sql`
    insert into user_channels (user_id, channel_id, invite_code, device_id, created_at)
    select u.id, u.channel_id, coalesce(i.invite_code, ''), null, u.created_at
    from users u left join users i on i.id = u.invited_by`.execute(db);

  await withId(db, db.schema.createTable('game_downloads'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint')
    .addColumn('platform_type', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_downloads_time').on('game_downloads').column('created_at').execute();

  for (const table of ['recharge_orders', 'vip_orders']) {
    await db.schema
      .alterTable(table)
      .addColumn('channel_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`
      update ${sql.table(table)} set
        channel_id = coalesce((select c.channel_id from user_channels c where c.user_id = ${sql.ref(`${table}.user_id`)}), '0'),
        invite_code = coalesce((select c.invite_code from user_channels c where c.user_id = ${sql.ref(`${table}.user_id`)}), '')`.execute(
      db,
    );
  }
  // The report reads a range of days from each; finance lists orders by time.
  await db.schema.createIndex('recharge_orders_created').on('recharge_orders').column('created_at').execute();
  await db.schema.createIndex('recharge_orders_paid').on('recharge_orders').column('paid_at').execute();
  await db.schema.createIndex('vip_orders_created').on('vip_orders').column('created_at').execute();
  await db.schema.createIndex('channel_visits_time').on('channel_visits').column('created_at').execute();

  await withId(db, db.schema.createTable('wallet_adjustments'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operator_id', 'bigint')
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_adjustments_user')
    .on('wallet_adjustments')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_adjustments').execute();
  for (const index of [
    'channel_visits_time',
    'vip_orders_created',
    'recharge_orders_paid',
    'recharge_orders_created',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of ['vip_orders', 'recharge_orders']) {
    await db.schema.alterTable(table).dropColumn('invite_code').execute();
    await db.schema.alterTable(table).dropColumn('channel_id').execute();
  }
  await db.schema.dropTable('game_downloads').execute();
  await db.schema.dropTable('user_channels').execute();
}
