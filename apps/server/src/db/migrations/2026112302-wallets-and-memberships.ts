import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

// The balance moves to the wallet's own table and membership to the VIP module's, so each module
// queries only its own tables (docs/decisions/0016-module-boundaries.md). Values move as they are.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('coin_num', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('wallets_coin_not_negative', sql`coin_num >= 0`)
    .execute();
  await sql`insert into wallets (user_id, coin_num) select id, coin_num from users where coin_num <> 0`.execute(
    db,
  );

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('level_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exp_time', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into memberships (user_id, level_type, exp_time, updated_at)
    select id, level_type, exp_time, updated_at from users where level_type <> 0 or exp_time is not null`.execute(
    db,
  );

  if (isPostgres(db)) {
    await sql`alter table users drop column coin_num, drop column level_type, drop column exp_time`.execute(
      db,
    );
  } else {
    await rebuildSqliteUsers(db);
  }
}

/**
 * SQLite cannot drop a column named in a table CHECK (`users_coin_not_negative`), so `users` is
 * rebuilt without the three columns, by SQLite's documented procedure: foreign keys off (a drop
 * would otherwise cascade into every child table), copy, drop, rename, check, foreign keys on.
 * Kysely runs SQLite migrations outside a transaction, so this one opens its own.
 */
async function rebuildSqliteUsers(db: Kysely<any>): Promise<void> {
  const columns = sql.raw(
    'id, login_name, password_hash, phone, name, sex, age, avatar, account_type, need_real_name, invite_code, invited_by, channel_id, created_at, updated_at',
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await withId(db, db.schema.createTable('users_new'))
        .addColumn('login_name', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('phone', 'varchar(16)', (c) => c.unique())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('age', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'varchar(255)')
        .addColumn('account_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('need_real_name', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('invited_by', 'bigint')
        .addColumn('channel_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into users_new (${columns}) select ${columns} from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_new rename to users`.execute(db);
      await db.schema.createIndex('users_invited_by').on('users').column('invited_by').execute();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`foreign keys broken by the users rebuild: ${broken.rows.length}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('coin_num', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`coin_num >= 0`))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('level_type', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('exp_time', 'bigint').execute();
  await sql`update users set coin_num = coalesce((select w.coin_num from wallets w where w.user_id = users.id), 0)`.execute(
    db,
  );
  await sql`
    update users set
      level_type = coalesce((select m.level_type from memberships m where m.user_id = users.id), 0),
      exp_time = (select m.exp_time from memberships m where m.user_id = users.id)`.execute(db);
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('wallets').execute();
}
