import type { Account } from '@ld/contract/accounts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  authHeaders,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

/** A multipart body with one file part, as a browser's FormData would send it. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----ldtest7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } } })
    .png()
    .toBuffer();

describeDialects('avatar upload', (dialect) => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    account = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const upload = (body: { payload: Buffer; contentType: string }, who: Account | null = account) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/center/uploadAvatar',
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...authHeaders(who ?? undefined) },
    });
  const avatarOf = async (who: Account) =>
    (await postForm(t.app, '/api/user/center/me', {}, who)).data.avatar as string | null;

  it('re-encodes a real PNG to a 256×256 WebP that is then served', async () => {
    const res = await upload(multipart('file', 'me.png', 'image/png', await png(400, 300)));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}\.webp$/);
    expect(await avatarOf(account)).toBe(body.data.url);

    const file = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a text file named .png, and keeps the old avatar', async () => {
    const before = await avatarOf(account);
    const res = await upload(
      multipart('file', 'evil.png', 'image/png', Buffer.from('<?php echo "hi"; ?>\n'.repeat(4))),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: 'file: 只支持 JPG、PNG、WebP 或 GIF 图片', data: null });
    expect(await avatarOf(account)).toBe(before);
  });

  it('refuses an empty file, a broken image and a file over 5 MB', async () => {
    const before = await avatarOf(account);
    const empty = await upload(multipart('file', 'a.png', 'image/png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('file: 文件为空');

    const header = (await png(10, 10)).subarray(0, 16);
    const broken = await upload(
      multipart('file', 'b.png', 'image/png', Buffer.concat([header, Buffer.alloc(200, 7)])),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('file: 图片已损坏，无法读取');

    const huge = Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const big = await upload(multipart('file', 'c.png', 'image/png', huge));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ code: 400, msg: 'file: 图片不能超过 5MB', data: null });
    expect(await avatarOf(account)).toBe(before);
  });

  it('names `file` when the part is missing or the body is not multipart', async () => {
    const wrongField = await upload(multipart('avatar', 'me.png', 'image/png', await png(20, 20)));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().msg).toBe('file: 请选择要上传的图片');
    const form = await postForm(t.app, '/api/user/center/uploadAvatar', { file: 'x' }, account);
    expect(form.status).toBe(400);
    expect(form.msg).toBe('file: 请以 multipart/form-data 上传图片');
  });

  it('needs login', async () => {
    const res = await upload(multipart('file', 'me.png', 'image/png', await png(20, 20)), null);
    expect(res.json().code).toBe(2);
    const expired = await registerUser(t.app);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const late = await upload(multipart('file', 'me.png', 'image/png', await png(20, 20)), expired);
    expect(late.json().code).toBe(2);
    expect(
      await t.deps.db.kysely
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', Number(expired.uid))
        .executeTakeFirstOrThrow(),
    ).toEqual({ avatar: null });
  });
});
