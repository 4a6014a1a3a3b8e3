import type { Account } from '@ld/contract/accounts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DIALECTS, randomIp, registerUser, type TestApp } from './helpers/app.ts';
import { insertSquareFixtures } from './helpers/square.ts';

// The caller rule (docs/decisions/0023-caller-uid.md): the caller is the session of the headers;
// a `uid` a client sends, as text or a JSON number, must be digits (400) and the session's own
// (else code 2, and nothing happens); it never picks whose data is read.

type Uid = string | number | undefined;
interface CallSpec {
  name: string;
  /** Sends the call with `uid` in the body (or query), the way its clients do. */
  send(
    app: FastifyInstance,
    account: Account,
    uid: Uid,
    as: 'form' | 'json',
  ): Promise<{ status: number; body: any }>;
  /** What a successful call changed, read back to show a refused one changed nothing. */
  state?(t: TestApp, account: Account): Promise<unknown>;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 8, b: 7 } } })
    .png()
    .toBuffer();

async function post(
  app: FastifyInstance,
  url: string,
  account: Account,
  fields: Record<string, unknown>,
  as: 'form' | 'json',
) {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const res = await app.inject({
    method: 'POST',
    url,
    ...(as === 'json'
      ? { payload: present as object, headers: { ...authHeaders(account), 'x-forwarded-for': randomIp() } }
      : {
          payload: new URLSearchParams(
            Object.entries(present).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString(),
          headers: {
            ...authHeaders(account),
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': randomIp(),
          },
        }),
  });
  return { status: res.statusCode, body: res.json() };
}

const userRow = (t: TestApp, account: Account) =>
  t.deps.db.kysely
    .selectFrom('users')
    .select(['name', 'age', 'avatar'])
    .where('id', '=', Number(account.uid))
    .executeTakeFirstOrThrow();

let nameCounter = 0;

/** Every call the specification or the web client sends a `uid` with, and calls that write, for good measure. */
const CALLS: CallSpec[] = [
  {
    name: 'POST user/center/me',
    send: (app, a, uid, as) => post(app, '/api/user/center/me', a, { uid }, as),
  },
  {
    name: 'POST user/center/message/all',
    send: (app, a, uid, as) => post(app, '/api/user/center/message/all', a, { uid, currentPage: 1 }, as),
  },
  {
    name: 'POST user/message',
    send: (app, a, uid, as) => post(app, '/api/user/message', a, { uid }, as),
  },
  {
    name: 'POST user/center/coin/all',
    send: (app, a, uid, as) => post(app, '/api/user/center/coin/all', a, { uid, currentPage: 1 }, as),
  },
  {
    name: 'POST user/center/coin/order',
    send: (app, a, uid, as) => post(app, '/api/user/center/coin/order', a, { uid, currentPage: 1 }, as),
  },
  {
    name: 'GET v1/gift/me',
    send: async (app, a, uid) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/gift/me',
        query: { currentPage: '1', ...(uid === undefined ? {} : { uid: String(uid) }) },
        headers: authHeaders(a),
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  {
    name: 'POST user/center/updateInfo',
    send: (app, a, uid, as) => {
      nameCounter += 1;
      return post(app, '/api/user/center/updateInfo', a, { uid, name: `改名${nameCounter}` }, as);
    },
    state: userRow,
  },
  {
    name: 'POST user/center/uploadAvatar',
    send: async (app, a, uid) => {
      const boundary = '----ldtestUid';
      const field =
        uid === undefined
          ? ''
          : `--${boundary}\r\nContent-Disposition: form-data; name="uid"\r\n\r\n${uid}\r\n`;
      const head = `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/center/uploadAvatar',
        payload: Buffer.concat([Buffer.from(head), await png(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: {
          ...authHeaders(a),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-forwarded-for': randomIp(),
        },
      });
      return { status: res.statusCode, body: res.json() };
    },
    state: userRow,
  },
  {
    name: 'POST v1/square/post (a call whose schema has no uid)',
    send: async (app, a, uid) => {
      const tags = await app.inject({ method: 'GET', url: '/api/v1/square/tag/list' });
      const tagId = tags.json().data[0]?.id ?? 1;
      return post(app, '/api/v1/square/post', a, { uid, content: '一条帖子', tagId }, 'json');
    },
    state: (t, a) =>
      t.deps.db.kysely
        .selectFrom('square_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', Number(a.uid))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
  },
];

describe.each(DIALECTS)('one rule for a uid in the request on %s', (dialect) => {
  let t: TestApp;
  let me: Account;
  let other: Account;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    me = await registerUser(t.app);
    other = await registerUser(t.app);
    await insertSquareFixtures(t.app);
  });
  afterAll(() => t.close());

  describe.each(CALLS)('$name', (spec) => {
    it('answers the caller when the uid is absent, or the caller’s own as text or as a JSON number', async () => {
      for (const [uid, as] of [
        [undefined, 'form'],
        [me.uid, 'form'],
        [me.uid, 'json'],
        [Number(me.uid), 'json'],
        ['', 'form'],
      ] as const) {
        const res = await spec.send(t.app, me, uid, as);
        expect({ uid, as, status: res.status, code: res.body.code }).toEqual({
          uid,
          as,
          status: 200,
          code: 0,
        });
      }
    });

    it('answers code 2 and changes nothing when the uid names someone else, as text or a number', async () => {
      for (const [uid, as] of [
        [other.uid, 'form'],
        [other.uid, 'json'],
        [Number(other.uid), 'json'],
      ] as const) {
        const before = await spec.state?.(t, me);
        const res = await spec.send(t.app, me, uid, as);
        expect({ uid, as, status: res.status, code: res.body.code }).toEqual({
          uid,
          as,
          status: 200,
          code: 2,
        });
        expect(res.body.data).toBeNull();
        expect(await spec.state?.(t, me)).toEqual(before);
      }
    });

    it('answers 400 naming uid when it is not digits', async () => {
      for (const [uid, as] of [
        ['abc', 'form'],
        ['-1', 'form'],
        [1.5, 'json'],
        ['1'.repeat(19), 'form'],
      ] as const) {
        if (spec.name.startsWith('GET') && as === 'json') continue;
        const res = await spec.send(t.app, me, uid, as);
        expect({ uid, status: res.status, msg: res.body.msg }).toEqual({
          uid,
          status: 400,
          msg: 'uid: uid 须为数字',
        });
      }
    });
  });

  it('takes a missing, empty or null body on me and user/message as no fields', async () => {
    for (const url of ['/api/user/center/me', '/api/user/message', '/api/user/center/message/all']) {
      for (const extra of [
        {},
        { payload: '', headers: { 'content-type': 'application/json' } },
        { payload: 'null', headers: { 'content-type': 'application/json' } },
        { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          ...extra,
          headers: { ...authHeaders(me), ...('headers' in extra ? extra.headers : {}) },
        });
        expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 200, code: 0 });
      }
    }
  });

  it('still names the missing field when a required body is left out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^loginName: /);
  });
});
