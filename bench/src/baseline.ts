import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect, sql } from 'kysely';

/**
 * The least a keyset read can cost on this stack: bare Fastify + Kysely + better-sqlite3 over the
 * portal's own tables. Run as its own process (BASELINE_DB=…); it prints its address and serves
 * GET /list?sort=1|2&cursor=… (the square feed, same page size, reading the portal's cursors),
 * GET /units?work=&after= (a novel menu page of 100), GET /unit?work=&id= (a chapter's row and
 * text seed), GET /videos (the hottest 20 videos with their file and unit rows) and GET /video?id=
 * (one video's rows); GET /checkin?user=&date= (a user's latest check-ins and the month's days) and POST
 * /checkin?user=&date= (a check-in row, the balance and a ledger row in one transaction).
 * GET /home (the rows of the home's sections: hot games with their type, hot novels, comics and
 * videos, hot posts with their authors' names), GET /works?kind=&limit= (a work list page by heat,
 * with the category's name) and GET /episode?work=&id= (a comic episode's row and its panels).
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
  works: {
    id: number;
    kind: string;
    category_id: number;
    title: string;
    author: string;
    cover: string;
    hot_score: number;
    view_count: number;
  };
  videos: { work_id: number; unit_id: number; file_key: string; duration_ms: number };
  checkins: {
    user_id: number;
    date: string;
    cycle_start: string;
    cycle_day: number;
    streak: number;
    reward: number;
    makeup: number;
    created_at: number;
  };
  wallets: { user_id: number; coin_num: number };
  games: { id: number; app_id: number; type_id: number; name: string; icon: string; sort: number };
  game_types: { id: number; name: string };
  users: { id: number; name: string };
  coin_ledger: {
    user_id: number;
    delta: number;
    balance_after: number;
    reason: string;
    ref: string;
    note: string;
    idem_key: string;
    created_at: number;
  };
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

const videoRows = () =>
  db
    .selectFrom('works')
    .innerJoin('videos', 'videos.work_id', 'works.id')
    .innerJoin('units', 'units.id', 'videos.unit_id')
    .selectAll('works')
    .select(['videos.file_key', 'videos.duration_ms', 'units.price', 'units.vip'])
    .where('works.kind', '=', 'video');

app.get('/videos', async () => {
  const records = await videoRows()
    .orderBy('works.hot_score', 'desc')
    .orderBy('works.id', 'desc')
    .limit(20)
    .execute();
  return { code: 0, msg: 'ok', data: { records } };
});

app.get<{ Querystring: { id: string } }>('/video', async (request) => {
  const video = await videoRows().where('works.id', '=', Number(request.query.id)).executeTakeFirst();
  return { code: 0, msg: 'ok', data: video ?? null };
});

app.get<{ Querystring: { user: string; date: string } }>('/checkin', async (request) => {
  const user = Number(request.query.user);
  const month = request.query.date.slice(0, 7);
  const [recent, days] = await Promise.all([
    db
      .selectFrom('checkins')
      .selectAll()
      .where('user_id', '=', user)
      .orderBy('date', 'desc')
      .limit(8)
      .execute(),
    db
      .selectFrom('checkins')
      .select('date')
      .where('user_id', '=', user)
      .where('date', '>=', `${month}-01`)
      .where('date', '<=', `${month}-31`)
      .execute(),
  ]);
  return { code: 0, msg: 'ok', data: { recent, days: days.map((d) => d.date) } };
});

app.post<{ Querystring: { user: string; date: string } }>('/checkin', async (request) => {
  const user = Number(request.query.user);
  const date = request.query.date;
  const now = Date.now();
  const coinNum = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('wallets')
      .values({ user_id: user, coin_num: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const last = await trx
      .selectFrom('checkins')
      .selectAll()
      .where('user_id', '=', user)
      .orderBy('date', 'desc')
      .limit(8)
      .execute();
    await trx
      .insertInto('checkins')
      .values({
        user_id: user,
        date,
        cycle_start: date,
        cycle_day: 1,
        streak: (last[0]?.streak ?? 0) + 1,
        reward: 10,
        makeup: 0,
        created_at: now,
      })
      .execute();
    const wallet = await trx
      .updateTable('wallets')
      .set({ coin_num: sql`coin_num + 10` })
      .where('user_id', '=', user)
      .returning('coin_num')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('coin_ledger')
      .values({
        user_id: user,
        delta: 10,
        balance_after: wallet.coin_num,
        reason: 'checkin',
        ref: `${user}:${date}`,
        note: '签到第1天',
        idem_key: `checkin:${user}:${date}`,
        created_at: now,
      })
      .execute();
    return wallet.coin_num;
  });
  return { code: 0, msg: 'ok', data: { coinNum } };
});

app.get('/home', async () => {
  const works = (kind: string) =>
    db
      .selectFrom('works')
      .select(['id', 'title', 'author', 'cover'])
      .where('kind', '=', kind)
      .orderBy('hot_score', 'desc')
      .orderBy('id', 'desc')
      .limit(6)
      .execute();
  const [games, comics, novels, videos, posts] = await Promise.all([
    db
      .selectFrom('games')
      .innerJoin('game_types', 'game_types.id', 'games.type_id')
      .select(['games.app_id', 'games.name', 'games.icon', 'game_types.name as type_name'])
      .orderBy('games.sort', 'desc')
      .orderBy('games.id')
      .limit(6)
      .execute(),
    works('comic'),
    works('novel'),
    works('video'),
    db
      .selectFrom('square_posts')
      .innerJoin('users', 'users.id', 'square_posts.user_id')
      .select(['square_posts.id', 'square_posts.content', 'square_posts.images', 'users.name'])
      .where('square_posts.deleted_at', 'is', null)
      .orderBy('square_posts.hot_score', 'desc')
      .orderBy('square_posts.id', 'desc')
      .limit(4)
      .execute(),
  ]);
  return { code: 0, msg: 'ok', data: { games, comics, novels, videos, posts } };
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

// The bench stops it with SIGTERM: exit normally, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.info(JSON.stringify({ address }));
