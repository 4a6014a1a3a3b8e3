import fs from 'node:fs';
import path from 'node:path';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@ld/contract/validation';
import { migrateToLatest } from '@ld/server/src/db/migrate.ts';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { schemaDifferences } from './schema-check.ts';
import {
  commentScore,
  planSquare,
  postScore,
  SQUARE_START,
  type SquarePlan,
  type SquareSize,
  seededRandom,
  sizeAt,
} from './square-plan.ts';
import { commentText, inviteCode, postText, TAG_NAMES, userName } from './square-text.ts';

/**
 * The square's benchmark database: 1 000 000 posts and 5 000 000 comments at scale 1, in
 * bench/.data/square-<scale>/portal.sqlite (a DATA_DIR the portal can start on). Made once and
 * reused while its completion marker matches this generator and its schema equals the migrations'.
 */
const GENERATOR = 'square-v2';
const DATA = path.resolve(import.meta.dirname, '../.data');
const CHUNK = 100_000;

export interface SquareDb {
  dataDir: string;
  file: string;
  scale: number;
  size: SquareSize;
  bigPostId: number;
  /** Milliseconds the generation took in this run; null when an existing database was reused. */
  generatedMs: number | null;
}

interface Marker {
  generator: string;
  scale: number;
  size: SquareSize;
  bigPostId: number;
  generatedMs: number;
}

async function reusable(dataDir: string, file: string, scale: number): Promise<Marker | null> {
  const markerFile = path.join(dataDir, 'complete.json');
  if (!fs.existsSync(markerFile) || !fs.existsSync(file)) return null;
  const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Marker;
  if (marker.generator !== GENERATOR || marker.scale !== scale) return null;
  const differences = await schemaDifferences(file);
  if (differences.length > 0) {
    console.info(
      `square database schema differs from the migrations, regenerating:\n  ${differences.join('\n  ')}`,
    );
    return null;
  }
  return marker;
}

export async function ensureSquareDb(scale: number): Promise<SquareDb> {
  const dataDir = path.join(DATA, `square-${scale}`);
  const file = path.join(dataDir, 'portal.sqlite');
  const existing = await reusable(dataDir, file, scale);
  if (existing) {
    return { dataDir, file, scale, size: existing.size, bigPostId: existing.bigPostId, generatedMs: null };
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const size = sizeAt(scale);
  const step = stepTimer();

  const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await migrateToLatest(kysely);
  await kysely.destroy();
  step('migrations');

  const plan = planSquare(size);
  step(`plan (${size.posts} posts, ${size.comments} comments, big post ${plan.bigPostId})`);

  const sqlite = new SQLite(file);
  // No journal while filling a file nobody else reads: a crash leaves no marker, so it is remade.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('threads = 2');
  sqlite.pragma('foreign_keys = OFF');
  const feedIndexes = dropFeedIndexes(sqlite);
  insertPeople(sqlite, size);
  step(`${size.users} users, ${size.tags} tags`);
  insertPosts(sqlite, plan);
  insertPostCounters(sqlite, plan);
  step(`${size.posts} posts`);
  insertComments(sqlite, plan);
  step(`${size.comments} comments`);
  // Building each index once over sorted input is several times faster than growing it row by row.
  for (const sql of feedIndexes) sqlite.exec(sql);
  step(`${feedIndexes.length} feed indexes`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();

  const differences = await schemaDifferences(file);
  if (differences.length > 0) throw new Error(`generated schema differs:\n${differences.join('\n')}`);
  const generatedMs = Math.round(performance.now() - started);
  const marker: Marker = { generator: GENERATOR, scale, size, bigPostId: plan.bigPostId, generatedMs };
  fs.writeFileSync(path.join(dataDir, 'complete.json'), `${JSON.stringify(marker, null, 2)}\n`);
  return { dataDir, file, scale, size, bigPostId: plan.bigPostId, generatedMs };
}

function stepTimer() {
  let last = performance.now();
  return (what: string) => {
    const now = performance.now();
    console.info(`  generated ${what} in ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

/** Drops the migrations' feed indexes and answers their exact SQL, to run again after the fill. */
function dropFeedIndexes(sqlite: SQLite.Database): string[] {
  const rows = sqlite
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('square_posts', 'square_comments') order by name",
    )
    .all() as Array<{ name: string; sql: string }>;
  for (const row of rows) sqlite.exec(`drop index "${row.name}"`);
  return rows.map((r) => r.sql);
}

function inChunks(sqlite: SQLite.Database, count: number, write: (i: number) => void) {
  const chunk = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) write(i);
  });
  for (let from = 0; from < count; from += CHUNK) chunk(from, Math.min(count, from + CHUNK));
}

function insertPeople(sqlite: SQLite.Database, size: SquareSize) {
  const user = sqlite.prepare(
    'insert into users (id, login_name, name, invite_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  inChunks(sqlite, size.users, (i) => {
    const id = i + 1;
    const at = SQUARE_START - 86_400_000 + i;
    user.run(
      id,
      `bench${id}`,
      userName(id),
      inviteCode(id, INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH),
      at,
      at,
    );
  });
  const tag = sqlite.prepare('insert into square_tags (id, name, sort, created_at) values (?, ?, ?, ?)');
  for (let i = 0; i < size.tags; i++) tag.run(i + 1, TAG_NAMES[i % TAG_NAMES.length], i + 1, SQUARE_START);
}

function insertPosts(sqlite: SQLite.Database, plan: SquarePlan) {
  const random = seededRandom(7);
  const { post } = plan;
  const insert = sqlite.prepare(
    `insert into square_posts (id, user_id, tag_id, content, images, comment_count, top_comment_count, hot_score, created_at, updated_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, plan.size.posts, (i) => {
    const pictures = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
    const images = JSON.stringify(
      Array.from({ length: pictures }, (_, k) => `/uploads/square/bench/${((i + k) % 40) + 1}.webp`),
    );
    const time = post.time[i];
    insert.run(
      i + 1,
      post.user[i],
      post.tag[i],
      postText(random),
      images,
      post.comments[i],
      post.topComments[i],
      postScore(plan, i),
      time,
      time,
      post.deleted[i] ? time + 3_600_000 : null,
    );
  });
}

/** The live-post counters the feeds read their totals from: one row per tag, and tag_id 0 for all. */
function insertPostCounters(sqlite: SQLite.Database, plan: SquarePlan) {
  const upsert = sqlite.prepare(
    'insert into square_post_counters (tag_id, live_count) values (?, ?) on conflict (tag_id) do update set live_count = excluded.live_count',
  );
  let all = 0;
  for (let tag = 1; tag <= plan.size.tags; tag++) {
    upsert.run(tag, plan.livePostsByTag[tag]);
    all += plan.livePostsByTag[tag];
  }
  upsert.run(0, all);
}

function insertComments(sqlite: SQLite.Database, plan: SquarePlan) {
  const random = seededRandom(11);
  const { comment } = plan;
  const insert = sqlite.prepare(
    `insert into square_comments (id, post_id, user_id, root_id, reply_comment_id, reply_to_user_id, content, reply_count, hot_score, created_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, plan.size.comments, (k) => {
    const root = comment.root[k];
    const replyTo = comment.replyTo[k];
    const time = comment.time[k];
    insert.run(
      k + 1,
      comment.post[k],
      comment.user[k],
      root || null,
      replyTo || null,
      replyTo ? comment.user[replyTo - 1] : null,
      commentText(random),
      comment.replies[k],
      commentScore(plan, k),
      time,
      comment.deleted[k] ? time + 3_600_000 : null,
    );
  });
}
