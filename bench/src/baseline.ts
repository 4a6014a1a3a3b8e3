import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect, sql } from 'kysely';

/**
 * The least a keyset read can cost on this stack: bare Fastify + Kysely + better-sqlite3 over the
 * portal's own tables. Run as its own process (BASELINE_DB=…); it prints its address and serves
 * GET /list?sort=1|2&cursor=… (the square feed, same page size, reading the portal's cursors),
 * GET /units?work=&after= (a novel menu page of 100) and GET /unit?work=&id= (a chapter's row and
 * text seed), GET /works?kind=&limit= (a work list page by heat, with the category's name) and
 * GET /episode?work=&id= (a comic episode's row and its panels).
 */
interface Tables {
  square_posts: {
    id: number;
    user_id: number;
    tag_id: number;
    content: string;
    images: string;
    like_count: number;
    comment_count: number;
    hot_score: number;
    created_at: number;
    deleted_at: number | null;
  };
  units: { id: number; work_id: number; idx: number; title: string; price: number; vip: number };
  chapter_texts: { unit_id: number; paragraphs: string | null; seed: number | null };
  works: { id: number; kind: string; category_id: number; title: string; cover: string; hot_score: number };
  work_categories: { id: number; name: string };
  comic_panels: { unit_id: number; idx: number; image_key: string; width: number; height: number };
}
const PAGE_SIZE = 10;
const MENU_PAGE_SIZE = 100;
const sqlite = new SQLite(process.env.BASELINE_DB!, { fileMustExist: true });
sqlite.pragma('journal_mode = WAL');
const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
const app = Fastify();

app.get<{ Querystring: { sort?: string; cursor?: string } }>('/list', async (request) => {
  const order = request.query.sort === '1' ? 'hot' : 'latest';
  const column = order === 'hot' ? 'hot_score' : 'created_at';
  const after = request.query.cursor
    ? (JSON.parse(Buffer.from(request.query.cursor, 'base64url').toString()) as [string, number, number])
    : null;
  const rows = await db
    .selectFrom('square_posts')
    .selectAll()
    .where('deleted_at', 'is', null)
    .$if(after !== null, (qb) =>
      qb.where(sql<boolean>`(${sql.ref(column)}, id) < (${after![1]}, ${after![2]})`),
    )
    .orderBy(column, 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  const records = rows.slice(0, PAGE_SIZE);
  const last = records.at(-1);
  const nextCursor =
    rows.length > PAGE_SIZE && last
      ? Buffer.from(JSON.stringify([order, last[column], last.id])).toString('base64url')
      : null;
  return { code: 0, msg: 'ok', data: { records, nextCursor } };
});

app.get<{ Querystring: { work: string; after: string } }>('/units', async (request) => {
  const records = await db
    .selectFrom('units')
    .selectAll()
    .where('work_id', '=', Number(request.query.work))
    .where('idx', '>', Number(request.query.after))
    .orderBy('idx', 'asc')
    .limit(MENU_PAGE_SIZE)
    .execute();
  return { code: 0, msg: 'ok', data: { records } };
});

app.get<{ Querystring: { work: string; id: string } }>('/unit', async (request) => {
  const unit = await db
    .selectFrom('units')
    .innerJoin('chapter_texts', 'chapter_texts.unit_id', 'units.id')
    .selectAll()
    .where('units.id', '=', Number(request.query.id))
    .where('units.work_id', '=', Number(request.query.work))
    .executeTakeFirst();
  return { code: 0, msg: 'ok', data: unit ?? null };
});

app.get<{ Querystring: { kind: string; limit: string } }>('/works', async (request) => {
  const records = await db
    .selectFrom('works')
    .innerJoin('work_categories', 'work_categories.id', 'works.category_id')
    .selectAll('works')
    .select('work_categories.name as category_name')
    .where('works.kind', '=', request.query.kind)
    .orderBy('works.hot_score', 'desc')
    .orderBy('works.id', 'desc')
    .limit(Number(request.query.limit) + 1)
    .execute();
  return { code: 0, msg: 'ok', data: { records: records.slice(0, Number(request.query.limit)) } };
});

app.get<{ Querystring: { work: string; id: string } }>('/episode', async (request) => {
  const unit = await db
    .selectFrom('units')
    .selectAll()
    .where('id', '=', Number(request.query.id))
    .where('work_id', '=', Number(request.query.work))
    .executeTakeFirst();
  const panels = unit
    ? await db.selectFrom('comic_panels').selectAll().where('unit_id', '=', unit.id).orderBy('idx').execute()
    : [];
  return { code: 0, msg: 'ok', data: unit ? { unit, panels } : null };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.info(JSON.stringify({ address }));
