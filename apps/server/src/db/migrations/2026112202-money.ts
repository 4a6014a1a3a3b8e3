import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

// Games, gift codes, the diamond ledger, recharge orders and membership (DESIGN §6, §7).
// Money columns are integers: diamonds, and CNY in fen.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('game_types'))
    .addColumn('name', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('games'))
    // The game's own app id, distinct from the portal's (docs/decisions/0003-games-and-money.md).
    .addColumn('app_id', 'integer', (c) => c.notNull().unique())
    .addColumn('type_id', 'bigint', (c) => c.notNull().references('game_types.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('icon', 'varchar(255)', (c) => c.notNull())
    .addColumn('screenshots', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('online_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buy_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'bigint', (c) => c.notNull().defaultTo(0))
    // Storage paths of the packages; null when the platform has none.
    .addColumn('android_package', 'varchar(255)')
    .addColumn('ios_package', 'varchar(255)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('games_buy_amount_not_negative', sql`buy_amount >= 0`)
    .execute();
  await db.schema.createIndex('games_type_sort').on('games').columns(['type_id', 'sort']).execute();

  await withId(db, db.schema.createTable('game_purchases'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_purchases_user_game', ['user_id', 'game_id'])
    .execute();

  await withId(db, db.schema.createTable('gift_packs'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(255)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_packs_game').on('gift_packs').column('game_id').execute();

  // One row per code; a claim writes user_id once. UNIQUE (pack, user) allows many NULLs on both dialects.
  await withId(db, db.schema.createTable('gift_codes'))
    .addColumn('pack_id', 'bigint', (c) => c.notNull().references('gift_packs.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'bigint')
    .addUniqueConstraint('gift_codes_pack_code', ['pack_id', 'code'])
    .addUniqueConstraint('gift_codes_pack_user', ['pack_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('gift_codes_user')
    .on('gift_codes')
    .columns(['user_id', 'claimed_at'])
    .execute();

  // Append-only: every balance change is one row, written in the transaction of the change.
  await withId(db, db.schema.createTable('coin_ledger'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('note', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('idem_key', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('coin_ledger_balance_not_negative', sql`balance_after >= 0`)
    .execute();
  await db.schema.createIndex('coin_ledger_user').on('coin_ledger').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('recharge_packs'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('diamonds', 'integer', (c) => c.notNull())
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tag', 'varchar(16)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('recharge_packs_positive', sql`price > 0 and diamonds > 0 and bonus >= 0`)
    .execute();

  await withId(db, db.schema.createTable('recharge_orders'))
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pack_id', 'bigint', (c) => c.notNull().references('recharge_packs.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('diamonds', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('txn_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('credited_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recharge_orders_user')
    .on('recharge_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('recharge_orders_open')
    .on('recharge_orders')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('vip_plans')
    .addColumn('vip_type', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(16)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('badge', 'varchar(8)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('vip_plans_positive', sql`days > 0 and price > 0`)
    .execute();

  // One row per plan bought; request_id makes a double tap pay once.
  await withId(db, db.schema.createTable('vip_orders'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vip_type', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('exp_time_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vip_orders_user_request', ['user_id', 'request_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'vip_orders',
    'vip_plans',
    'recharge_orders',
    'recharge_packs',
    'coin_ledger',
    'gift_codes',
    'gift_packs',
    'game_purchases',
    'games',
    'game_types',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
