import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { ADMIN_API, type Operator, operatorOf } from './helpers/admin.ts';
import { createTestApp, describeDialects, randomIp, type TestApp } from './helpers/app.ts';
import { createUser, type TestUser } from './helpers/money.ts';

/**
 * Every operation of the API, as its OpenAPI document describes it, called with inputs a careless
 * or hostile client sends: each parameter and each body field in turn replaced by a value of the
 * wrong type, out of range, too long, empty, or shaped like an attack, and bodies that are not
 * objects at all. Whatever comes in, the answer is the API's envelope with a status below 500, no
 * stack trace and no internal name in its message, and the server logs no error (test/setup.ts
 * fails a test on any warn-or-error line it did not declare). The portal's operations are called as
 * a signed-in user with diamonds, the console's as an admin, on the demo content, so the checks
 * past validation (ids that exist, a balance to spend) are reached too.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  format?: string;
};
type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
};
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Strings tried, in turn, against a pattern: the first that matches is the plausible value. */
const PATTERN_CANDIDATES = [
  '13800138000',
  '1',
  'abc',
  'abc_123',
  'Abc123',
  'Passw0rd!x',
  '2026-12-04',
  '2026-12-04T00:00:00.000Z',
  '#1677ff',
  'https://example.com/a.png',
  '/uploads/a.png',
  '123456',
  'a1b2c3d4e5f6',
];

/** A value the schema accepts, as far as a guess can tell (not every rule is in the document). */
function plausible(schema: Schema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(alternatives[0]);
  if (schema.allOf) return plausible(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      return schema.exclusiveMinimum === true ? min + 1 : Math.max(min, 1 <= (schema.maximum ?? 1) ? 1 : min);
    }
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value)]),
      );
    default: {
      if (schema.format === 'date-time') return '2026-12-04T00:00:00.000Z';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        return PATTERN_CANDIDATES.find((c) => pattern.test(c)) ?? 'a';
      }
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
  }
}

/** What a field is replaced by, one at a time. */
const BAD_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'abc',
  -1,
  0,
  1.5,
  1e308,
  '9'.repeat(40),
  Number.MIN_SAFE_INTEGER - 2,
  true,
  [],
  [1, 2],
  {},
  { $gt: 0 },
  'x'.repeat(5000),
  'NaN',
  'Infinity',
  '１２３',
  '\u0000',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  '../../etc/passwd',
  '😀'.repeat(50),
];

/** The same, as they arrive in a URL. */
const BAD_STRINGS = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e308',
  '9'.repeat(40),
  'NaN',
  'true',
  '[object Object]',
  'x'.repeat(2000),
  '１２３',
  '\u0000',
  "' or 1=1 --",
  '../../etc/passwd',
  '%',
];

/** Operations that end the caller's session or account: called last, each with a fresh caller. */
const ENDS_SESSION = /logout|logoff|cancel|destroy|unregister|password|\/auth\/|operators|totp|\/session/i;

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

const toQuery = (values: Record<string, unknown>): string =>
  Object.entries(values)
    .flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`)
        : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
    )
    .join('&');

/** The problems with one answer: empty when it is what a client may be given. */
function problemsOf(raw: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (raw.statusCode >= 500) problems.push(`status ${raw.statusCode}`);
  const type = String(raw.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return problems;
  let body: { code?: unknown; msg?: unknown };
  try {
    body = raw.json();
  } catch {
    return [...problems, 'a JSON type with a body that does not parse'];
  }
  if (typeof body.code !== 'number' || typeof body.msg !== 'string') problems.push('not the envelope');
  const msg = String(body.msg ?? '');
  if (/\n\s+at |Error:|TypeError|SqliteError|syntax error|relation "|column "|undefined|\[object /i.test(msg))
    problems.push(`an internal message: ${msg.slice(0, 200)}`);
  // Every refusal is worded in Chinese for the user (a field's name may be in it).
  else if (raw.statusCode >= 400 && !/\p{Script=Han}/u.test(msg))
    problems.push(`not in Chinese: ${msg.slice(0, 200)}`);
  return problems;
}

describeDialects('bad input on every operation', (dialect) => {
  let t: TestApp;
  let doc: Doc;
  let user: TestUser;
  let admin: Operator;
  const failures: string[] = [];
  let requests = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedIfEmpty(t.deps, t.app.log);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    doc = res.json();
    user = await createUser(t, { coins: 100_000 });
    admin = await operatorOf(t, 'admin');
  }, 300_000);
  afterAll(() => t?.close());

  async function send(
    method: Method,
    path: string,
    options: { query?: string; payload?: unknown; contentType?: string },
  ): Promise<void> {
    const isAdmin = path.startsWith(ADMIN_API);
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp() };
    if (isAdmin) {
      headers.cookie = admin.cookie;
      headers['x-csrf-token'] = admin.csrfToken;
    } else {
      headers.uid = user.uid;
      headers.token = user.token;
    }
    let payload: string | undefined;
    if (options.payload !== undefined) {
      const contentType = options.contentType ?? 'application/json';
      headers['content-type'] = contentType;
      payload =
        contentType === 'application/json'
          ? JSON.stringify(options.payload)
          : contentType === 'application/x-www-form-urlencoded'
            ? toQuery(options.payload as Record<string, unknown>)
            : String(options.payload);
    }
    const url = options.query ? `${path}?${options.query}` : path;
    requests += 1;
    const raw = await t.app.inject({ method, url, payload, headers });
    statuses.set(raw.statusCode, (statuses.get(raw.statusCode) ?? 0) + 1);
    const problems = problemsOf(raw);
    if (problems.length > 0)
      failures.push(
        `${method} ${url.slice(0, 160)} ${payload ? payload.slice(0, 160) : ''}: ${problems.join('; ')}`,
      );
  }

  it('words each refusal for the user and writes nothing', async () => {
    const posts = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('square_posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await posts();
    const answer = async (method: Method, url: string, payload?: unknown) => {
      const raw = await t.app.inject({
        method,
        url,
        payload: payload === undefined ? undefined : JSON.stringify(payload),
        headers: {
          uid: user.uid,
          token: user.token,
          'x-forwarded-for': randomIp(),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      return { status: raw.statusCode, msg: raw.json().msg as string };
    };
    // A NUL character: PostgreSQL cannot store it; refused on both databases before any write.
    expect(
      await answer('POST', '/api/v1/square/post', { content: '你好\u0000', tagId: 1, images: [] }),
    ).toEqual({
      status: 400,
      msg: 'content: 不能包含空字符（U+0000）',
    });
    expect(await answer('GET', '/api/v1/search/suggest?keyword=%00')).toEqual({
      status: 400,
      msg: 'keyword: 不能包含空字符（U+0000）',
    });
    // A field the contract did not word: zod's rule, in Chinese, after the field's name.
    expect(await answer('POST', '/api/web/game/list', { keyword: ['a', 'b'] })).toEqual({
      status: 400,
      msg: 'keyword: 须为字符串，收到的是数组',
    });
    expect(await answer('POST', '/api/web/game/list', [1])).toEqual({
      status: 400,
      msg: 'body: 须为 JSON 对象或表单字段，收到的是数组',
    });
    expect(
      await answer('PUT', '/api/v1/progress', { kind: 'novel', workId: 1, unitId: 1, clientTime: 1 }),
    ).toEqual({
      status: 400,
      msg: 'position: position 必填：小说为 { paragraph, offset }，漫画为 { panel, offset }，视频为 { second }',
    });
    expect(await posts()).toBe(before);
  });

  it('answers every malformed call with a 4xx envelope, never a 500 or an internal message', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase() as Method, op })),
      )
      // Uploads are multipart and have their own tests (framework-errors, upload-stream).
      .filter(({ op }) => !op.requestBody?.content['multipart/form-data'])
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
    expect(operations.length).toBeGreaterThan(200);

    for (const { path, method, op } of operations) {
      if (ENDS_SESSION.test(path)) {
        // A fresh caller for each: a logout or a password change must not end the rest's session.
        user = await createUser(t, { coins: 100_000 });
        admin = await operatorOf(t, 'admin');
      }
      const parameters = op.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query');
      const goodPath = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(p.schema))]));
      const goodQuery = Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.schema)]));
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const goodBody = bodySchema ? (plausible(bodySchema) as Record<string, unknown>) : undefined;
      const withBody = goodBody !== undefined || method === 'POST' || method === 'PUT' || method === 'PATCH';

      for (const param of pathParams)
        for (const bad of BAD_STRINGS)
          await send(method, fill(path, { ...goodPath, [param.name]: bad }), {
            query: toQuery(goodQuery),
            payload: withBody ? (goodBody ?? {}) : undefined,
          });
      for (const param of queryParams) {
        for (const bad of BAD_STRINGS)
          await send(method, fill(path, goodPath), {
            query: toQuery({ ...goodQuery, [param.name]: bad }),
            payload: withBody ? (goodBody ?? {}) : undefined,
          });
        // The same parameter twice (an array where one value is expected).
        await send(method, fill(path, goodPath), {
          query: toQuery({ ...goodQuery, [param.name]: ['1', '2'] }),
          payload: withBody ? (goodBody ?? {}) : undefined,
        });
      }
      if (!withBody) continue;
      const url = fill(path, goodPath);
      const query = toQuery(goodQuery);
      for (const field of Object.keys(bodySchema?.properties ?? {})) {
        for (const bad of BAD_VALUES)
          await send(method, url, { query, payload: { ...goodBody, [field]: bad } });
        const { [field]: _left, ...without } = goodBody ?? {};
        await send(method, url, { query, payload: without });
      }
      // Bodies that are not an object, and the same fields as a form and as plain text.
      for (const body of [[], 'text', 123, null, [goodBody]])
        await send(method, url, { query, payload: body });
      if (goodBody) {
        await send(method, url, {
          query,
          payload: goodBody,
          contentType: 'application/x-www-form-urlencoded',
        });
        await send(method, url, {
          query,
          payload: JSON.stringify(goodBody).slice(0, -1),
          contentType: 'application/json',
        });
      }
      await send(method, url, { query, payload: 'a=1', contentType: 'text/plain' });
    }
    // The sweep reached the operations: thousands of calls, not a handful.
    expect(requests).toBeGreaterThan(10_000);
    expect(failures).toEqual([]);
    // The plausible calls got through to the routes: not everything was turned away at the door.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(1000);

    // Whatever was accepted, money stayed exact: every balance is its ledger's sum, none negative.
    const drift = await sql<{ user_id: number }>`
      select w.user_id from wallets w
      left join (select user_id, sum(delta) as total from coin_ledger group by user_id) l on l.user_id = w.user_id
      where w.coin_num <> coalesce(l.total, 0) or w.coin_num < 0`.execute(t.deps.db.kysely);
    expect(drift.rows).toEqual([]);
  }, 900_000);
});
