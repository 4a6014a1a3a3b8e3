import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

// One table for everything bought once with diamonds (games now; chapters, episodes and videos
// next), keyed by (user, kind, ref) (docs/decisions/0015-money-surface.md). Game purchases move
// in with their ids, because each ledger row of a game points at its purchase id (`game:<id>`):
// new ids must not meet an old key, and earlier buyers keep downloading free.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('purchases'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('purchases_user_kind_ref', ['user_id', 'kind', 'ref'])
    .addCheckConstraint('purchases_price_positive', sql`price > 0`)
    .execute();
  // Daily spend (auto-unlock's cap) sums one user's recent purchases.
  await db.schema
    .createIndex('purchases_user_time')
    .on('purchases')
    .columns(['user_id', 'created_at'])
    .execute();

  await sql`
    insert into purchases (id, user_id, kind, ref, price, created_at)
    select id, user_id, 'game', cast(game_id as varchar(64)), price, created_at from game_purchases
    where price > 0`.execute(db);
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('purchases', 'id'), coalesce((select max(id) from purchases), 0) + 1, false)`.execute(
      db,
    );
  }
  await db.schema.dropTable('game_purchases').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('game_purchases'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_purchases_user_game', ['user_id', 'game_id'])
    .execute();
  await sql`
    insert into game_purchases (id, user_id, game_id, price, created_at)
    select id, user_id, cast(ref as bigint), price, created_at from purchases where kind = 'game'`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('game_purchases', 'id'), coalesce((select max(id) from game_purchases), 0) + 1, false)`.execute(
      db,
    );
  }
  await db.schema.dropTable('purchases').execute();
}
