import type { Account } from '@ld/contract/accounts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type Answer, authHeaders, call } from './app.ts';

type Caller = Pick<Account, 'uid' | 'token'>;

export const TAGS = ['综合', '游戏攻略', '动漫', '闲聊'];
export const WORDS = ['赌博', '代练', '外挂', 'fuck'];

/**
 * Tags and sensitive words are operator data (seeded, no API writes them), so tests put
 * them in the database directly; everything else goes through the API.
 */
export async function insertSquareFixtures(app: FastifyInstance): Promise<{ tagIds: number[] }> {
  const db = app.deps.db.kysely;
  const now = app.deps.clock.now();
  const tags = await db
    .insertInto('square_tags')
    .values(TAGS.map((name, sort) => ({ name, sort, created_at: now })))
    .returning('id')
    .execute();
  await db
    .insertInto('sensitive_words')
    .values(WORDS.map((word) => ({ word, created_at: now })))
    .execute();
  return { tagIds: tags.map((t) => t.id) };
}

export async function createPost(
  app: FastifyInstance,
  account: Caller,
  body: { content: string; tagId: number; images?: string[] },
): Promise<Answer> {
  return call(app, 'POST', '/api/v1/square/post', { json: body, account });
}

/** A post that must succeed; answers its id. */
export async function newPost(app: FastifyInstance, account: Caller, content: string, tagId: number) {
  const answer = await createPost(app, account, { content, tagId });
  if (answer.code !== 0) throw new Error(`post failed: ${answer.msg}`);
  return answer.data.id as number;
}

export async function newComment(
  app: FastifyInstance,
  account: Caller,
  postId: number,
  content: string,
  replyCommentId?: number,
) {
  const answer = await call(app, 'POST', `/api/v1/square/post/${postId}/comment`, {
    json: replyCommentId === undefined ? { content } : { content, replyCommentId },
    account,
  });
  if (answer.code !== 0) throw new Error(`comment failed: ${answer.msg}`);
  return answer.data;
}

export const pngBytes = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } } })
    .png()
    .toBuffer();

/** A multipart upload as a browser's FormData would send it. */
export async function upload(
  app: FastifyInstance,
  account: Caller | undefined,
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): Promise<Answer> {
  const boundary = '----ldtest7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${
      options.filename ?? 'a.png'
    }"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const raw = await app.inject({
    method: 'POST',
    url: '/api/v1/square/upload',
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...authHeaders(account) },
  });
  const body = raw.json();
  return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
}

/** Every page of a feed read with `cursor`, until `nextCursor` is null. */
export async function readAllByCursor(
  app: FastifyInstance,
  url: string,
  query: Record<string, string | number>,
  account?: Caller,
): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const answer: Answer = await call(app, 'GET', url, {
      query: cursor ? { ...query, cursor } : query,
      account,
    });
    if (answer.code !== 0) throw new Error(`feed failed: ${answer.msg}`);
    ids.push(...answer.data.records.map((r: { id: number }) => r.id));
    cursor = answer.data.nextCursor;
    pages += 1;
    if (pages > 100) throw new Error('cursor never reached the end');
  } while (cursor);
  return { ids, pages };
}

/** Every page of a feed read by page number. */
export async function readAllByPage(
  app: FastifyInstance,
  url: string,
  query: Record<string, string | number>,
  account?: Caller,
): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 100; page += 1) {
    const answer: Answer = await call(app, 'GET', url, { query: { ...query, currentPage: page }, account });
    if (answer.code !== 0) throw new Error(`feed failed: ${answer.msg}`);
    ids.push(...answer.data.records.map((r: { id: number }) => r.id));
    if (page >= answer.data.pages) break;
  }
  return ids;
}
