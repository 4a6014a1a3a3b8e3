import type { Account } from '@ld/contract/accounts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createTestApp,
  DIALECTS,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

// Every error, the framework's own included, leaves through the one error handler as the envelope
// and never repeats what the client sent (issue 7, part 6).
const MARK = 'zq9ECHOzq9';

function expectEnvelope(res: {
  statusCode: number;
  body: string;
  json(): any;
  headers: Record<string, unknown>;
}) {
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  expect(typeof body.code).toBe('number');
  expect(body.code).toBe(res.statusCode);
  expect(body.data).toBeNull();
  expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  expect(res.body).not.toContain(MARK);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  return body as { code: number; msg: string; data: null };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

describe.each(DIALECTS)('framework errors on %s', (dialect) => {
  let t: TestApp;
  let user: Account;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('414: a path parameter over 100 characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/square/post/${MARK}${'9'.repeat(120)}` });
    expect(res.statusCode).toBe(414);
    expect(expectEnvelope(res).msg).toBe('url: 路径参数过长，最多 100 个字符');
  });

  it('400: a URL with a broken percent escape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/square/post/${MARK}%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res).msg).toBe('url: 地址含有无效的百分号编码');
  });

  it('413: a body over 1 MB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify({ loginName: MARK, password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res).msg).toBe('body: 请求体过大，最多 1MB');
  });

  it('415: a body of a type the API does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: `<login>${MARK}</login>`,
      headers: { 'content-type': `application/xml; x=${MARK}` },
    });
    expect(res.statusCode).toBe(415);
    expect(expectEnvelope(res).msg).toMatch(/^Content-Type: 不支持的请求体类型/);
  });

  it('400: JSON that does not parse, and JSON with a prototype key', async () => {
    for (const payload of [`{"loginName": "${MARK}`, `{"__proto__": {"x": "${MARK}"}}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(expectEnvelope(res).msg).toBe('body: 请求体不是合法的 JSON');
    }
  });

  it('404: an unknown API path, without repeating it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${MARK}/<script>?q=${MARK}` });
    expect(res.statusCode).toBe(404);
    expect(expectEnvelope(res).msg).toBe('请求地址出错');
  });

  it('405: a known path with another method, naming the allowed ones', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/login?x=${MARK}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(expectEnvelope(res).msg).toBe('请求方法不被允许，该地址只支持 POST');
    const withParam = await t.app.inject({ method: 'PUT', url: '/api/v1/square/post/12' });
    expect(withParam.statusCode).toBe(405);
    expect(String(withParam.headers.allow).split(', ')).toEqual(expect.arrayContaining(['DELETE', 'GET']));
    expectEnvelope(withParam);
  });

  describe.each([['/api/user/center/uploadAvatar'], ['/api/v1/square/upload']])(
    'a malformed multipart body on %s',
    (url) => {
      const boundary = '----ldtestBroken';
      const send = (payload: Buffer | string, contentType = `multipart/form-data; boundary=${boundary}`) =>
        t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, ...authHeaders(user), 'x-forwarded-for': randomIp() },
        });

      it('answers 400 naming the body when the data ends early or the part header is broken', async () => {
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${MARK}.png"\r\nContent-Type: image/png\r\n\r\n`;
        const cut = await send(Buffer.concat([Buffer.from(head), await png()]));
        expect(cut.statusCode).toBe(400);
        expect(expectEnvelope(cut).msg).toBe('body: multipart/form-data 请求体不完整或格式不正确');

        const badHeader = await send(`--${boundary}\r\nContent-Disposition form-data ${MARK}\r\n`);
        expect(badHeader.statusCode).toBe(400);
        expect(expectEnvelope(badHeader).msg).toMatch(/^(body|file): /);
      });

      it('answers 400 when the multipart type has no boundary', async () => {
        const res = await send(`--x\r\n${MARK}`, 'multipart/form-data');
        expect(res.statusCode).toBe(400);
        expect(expectEnvelope(res).msg).toMatch(/^(body|file): /);
      });

      it('still takes a well-formed upload afterwards', async () => {
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
        const ok = await send(
          Buffer.concat([Buffer.from(head), await png(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
        );
        expect(ok.statusCode).toBe(200);
        expect(ok.json().code).toBe(0);
      });
    },
  );

  it('429 from the SMS throttle carries Retry-After, as the rate limiter’s do', async () => {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const ip = randomIp();
    const first = await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': ip,
    });
    expect(first.code).toBe(0);
    const again = await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': ip,
    });
    expect(again.status).toBe(429);
    expect(again.data.retryAfter).toBeGreaterThan(0);
    expect(again.raw.headers['retry-after']).toBe(String(again.data.retryAfter));
    expect(again.msg).toContain(`${again.data.retryAfter} 秒`);
  });
});
