import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * What operators now set from the console instead of the code (issue 20 §3): a membership plan can
 * be taken off sale, and the home's banners and sections become rows. The banners and sections the
 * home showed until now are written as the first rows, so the home looks the same after migrating.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('vip_plans')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('home_banners'))
    // A stored image's URL (/uploads/banners/…) or a file the web app ships (/banners/…).
    .addColumn('image', 'varchar(255)', (c) => c.notNull())
    .addColumn('alt', 'varchar(64)', (c) => c.notNull())
    // A portal path (/checkin) or an https address.
    .addColumn('link', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('home_banners')
    .values(
      [
        { image: '/banners/invite.svg', alt: '邀请好友，一起领钻', link: '/checkin', sort: 1 },
        { image: '/banners/event.svg', alt: '每日签到，连签有礼', link: '/checkin', sort: 2 },
      ].map((b) => ({ ...b, is_active: 1, created_at: now, updated_at: now })),
    )
    .execute();

  await db.schema
    .createTable('home_sections')
    // One of the search kinds: game, comic, novel, video, post.
    .addColumn('kind', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('home_sections')
    .values(
      [
        ['game', '热门游戏'],
        ['comic', '热门漫画'],
        ['novel', '热门小说'],
        ['video', '热门视频'],
        ['post', '热门帖子'],
      ].map(([kind, title], i) => ({ kind, title, sort: i + 1, is_active: 1, updated_at: now })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('home_sections').execute();
  await db.schema.dropTable('home_banners').execute();
  await db.schema.alterTable('vip_plans').dropColumn('is_active').execute();
}
