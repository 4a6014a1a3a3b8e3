import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { HomeBannersTable, HomeSectionsTable } from './tables.ts';

/** The banners the home shows, in order. */
export async function listActiveBanners(db: Conn) {
  return db
    .selectFrom('home_banners')
    .select(['image', 'alt', 'link'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every section row, in order (the home keeps the published ones). */
export async function listSections(db: Conn) {
  return db.selectFrom('home_sections').selectAll().orderBy('sort').orderBy('kind').execute();
}

export async function findSection(db: Conn, kind: string) {
  return db.selectFrom('home_sections').selectAll().where('kind', '=', kind).executeTakeFirst();
}

export async function updateSection(db: Conn, kind: string, changes: Updateable<HomeSectionsTable>) {
  await db.updateTable('home_sections').set(changes).where('kind', '=', kind).execute();
}

export async function findBanner(db: Conn, id: number) {
  return db.selectFrom('home_banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBanners(
  db: Conn,
  filters: { published?: boolean },
  sort: 'sort' | 'id' | 'created_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('home_banners');
  if (filters.published !== undefined) query = query.where('is_active', '=', filters.published ? 1 : 0);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertBanner(db: Conn, row: Insertable<HomeBannersTable>): Promise<number> {
  const inserted = await db.insertInto('home_banners').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateBanner(db: Conn, id: number, changes: Updateable<HomeBannersTable>) {
  await db.updateTable('home_banners').set(changes).where('id', '=', id).execute();
}

export async function deleteBanner(db: Conn, id: number) {
  await db.deleteFrom('home_banners').where('id', '=', id).execute();
}

/** Every image URL a banner names, shown or not (for the sweep of unsaved uploads, jobs.ts). */
export async function bannerImages(db: Conn): Promise<string[]> {
  const rows = await db.selectFrom('home_banners').select('image').distinct().execute();
  return rows.map((r) => r.image);
}
