import fsp from 'node:fs/promises';
import type { AdminPage } from '@ld/contract/admin/list';
import { CSRF_HEADER } from '@ld/contract/admin/roles';
import type { AdminVideo } from '@ld/contract/admin/videos';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNREADABLE_VIDEO } from '../src/modules/videos/public.ts';
import { ADMIN_API, adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createVideoCategory, drawClip, removeClips } from './helpers/videos.ts';

/** A multipart body: text fields first, then the file, as the console's FormData sends it. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) {
  const boundary = '----ldvideo7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

// 视频 through the console: an MP4 upload is ingested on arrival (its cover the frame at 1 second),
// an unreadable file is refused in Chinese and leaves nothing; edits show in the portal at once.
describeDialects('admin videos', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let categoryId: number;
  let clip: Buffer;
  const announced: string[] = [];
  beforeAll(async () => {
    // A 1 MB video limit, so a file over it is cheap to send.
    t = await createTestApp(dialect, { VIDEO_MAX_MB: '1' });
    editor = await operatorOf(t, 'editor');
    categoryId = await createVideoCategory(t, '上传分类');
    clip = await fsp.readFile(await drawClip('upload.mp4', { seconds: 3 }));
    t.deps.changes.subscribe('videos', () => announced.push('videos'));
  });
  afterAll(async () => {
    await t?.close();
    await removeClips();
  });

  const upload = async (fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) => {
    const body = multipart(fields, file);
    const raw = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}/videos`,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        cookie: editor.cookie,
        [CSRF_HEADER]: editor.csrfToken,
        'x-forwarded-for': editor.ip,
      },
    });
    return { status: raw.statusCode, ...(raw.json() as { code: number; msg: string; data: AdminVideo }) };
  };
  const portalList = async () =>
    (await call(t.app, 'GET', '/api/v1/video/list', { query: { sort: 2, pageSize: 50 } })).data
      .records as Array<{
      id: number;
      title: string;
      cover: string;
      duration: number;
    }>;
  const storedFiles = async () => {
    const root = `${t.deps.config.dataDir}/uploads`;
    const count = async (dir: string) =>
      (await fsp.readdir(`${root}/${dir}`).catch(() => [] as string[])).length;
    return {
      videos: await count('video-files'),
      incoming: await count('video-files/incoming'),
      covers: await count('video-covers'),
    };
  };

  it('takes an MP4 in: the cover is the frame at 1 second, the portal lists and plays it at once', async () => {
    const before = announced.length;
    const made = await upload(
      { title: '云海日出', intro: '清晨的云海。', categoryId: String(categoryId), price: '0' },
      { name: 'sunrise.mp4', bytes: clip },
    );
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({
      kind: 'video',
      title: '云海日出',
      intro: '清晨的云海。',
      published: true,
      price: 0,
      vip: false,
    });
    expect(made.data.duration).toBeCloseTo(3, 0);
    expect(made.data.cover).toMatch(/^\/uploads\/video-covers\/[0-9a-f]+\.webp$/);
    const cover = await t.app.inject({ method: 'GET', url: made.data.cover });
    expect(cover.statusCode).toBe(200);
    expect((await sharp(cover.rawPayload).metadata()).format).toBe('webp');
    expect(announced.length).toBe(before + 1);
    const listed = (await portalList()).find((v) => v.id === made.data.id);
    expect(listed).toMatchObject({ title: '云海日出', cover: made.data.cover });
    const detail = await call(t.app, 'GET', `/api/v1/video/${made.data.id}`);
    expect(detail.data.src).toMatch(/^\/api\/v1\/video\/\d+\/file\?/);
    const file = await t.app.inject({ method: 'GET', url: detail.data.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    // The raw upload is gone once ingested; the kept MP4 and the cover stay.
    expect((await storedFiles()).incoming).toBe(0);
    const rows = (await auditRows(t)).filter(
      (r) => r.target_type === 'video' && r.target_id === String(made.data.id),
    );
    expect(rows.map((r) => r.action)).toEqual(['video.create']);
  });

  it('edits title and intro and unpublishes; the portal follows at the next request', async () => {
    const made = await upload(
      { title: '待修改', categoryId: String(categoryId) },
      { name: 'a.mp4', bytes: clip },
    );
    const edited = await adminCall<AdminVideo>(t.app, 'PATCH', `/videos/${made.data.id}`, {
      operator: editor,
      json: { title: '修改后的标题', intro: '新的简介' },
    });
    expect(edited.data).toMatchObject({ title: '修改后的标题', intro: '新的简介', published: true });
    expect((await call(t.app, 'GET', `/api/v1/video/${made.data.id}`)).data).toMatchObject({
      title: '修改后的标题',
      intro: '新的简介',
    });
    await adminCall(t.app, 'PATCH', `/videos/${made.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await portalList()).some((v) => v.id === made.data.id)).toBe(false);
    expect((await call(t.app, 'GET', `/api/v1/video/${made.data.id}`)).status).toBe(404);
    const list = await adminCall<AdminPage<AdminVideo>>(t.app, 'GET', '/videos', {
      operator: editor,
      query: { published: 'false' },
    });
    expect(list.data.records.map((v) => v.title)).toContain('修改后的标题');
    const actions = (await auditRows(t))
      .filter((r) => r.target_type === 'video' && r.target_id === String(made.data.id))
      .map((r) => r.action);
    expect(actions).toEqual(['video.create', 'video.update', 'video.unpublish']);
    // A draft upload stays out of the portal until published.
    const draft = await upload(
      { title: '草稿视频', categoryId: String(categoryId), published: 'false' },
      { name: 'd.mp4', bytes: clip },
    );
    expect(draft.data.published).toBe(false);
    expect((await portalList()).some((v) => v.id === draft.data.id)).toBe(false);
  });

  it('refuses an unreadable file in Chinese, a file over the limit with 413, bad fields naming them; nothing is kept', async () => {
    const before = await storedFiles();
    const audits = (await auditRows(t)).length;
    const broken = await upload(
      { title: '坏视频', categoryId: String(categoryId) },
      { name: 'broken.mp4', bytes: Buffer.concat([clip.subarray(0, 64), Buffer.alloc(2000, 1)]) },
    );
    expect(broken).toMatchObject({ status: 400, msg: `file: ${UNREADABLE_VIDEO}` });
    const text = await upload(
      { title: '文本', categoryId: String(categoryId) },
      { name: 'note.mp4', bytes: Buffer.from('这不是视频'.repeat(100)) },
    );
    expect(text.msg).toBe(`file: ${UNREADABLE_VIDEO}`);
    const big = await upload(
      { title: '太大', categoryId: String(categoryId) },
      { name: 'big.mp4', bytes: Buffer.alloc(1024 * 1024 + 100, 3) },
    );
    expect(big).toMatchObject({ status: 413, msg: 'file: 视频不能超过 1MB' });
    const wrongType = await upload(
      { title: 'x', categoryId: String(categoryId) },
      { name: 'clip.avi', bytes: clip },
    );
    expect(wrongType).toMatchObject({ status: 400, msg: 'file: 视频只支持 .mp4、.m4v、.mov、.webm 文件' });
    expect((await upload({ categoryId: String(categoryId) }, { name: 'a.mp4', bytes: clip })).msg).toBe(
      'title: 请填写视频标题',
    );
    expect((await upload({ title: 'x', categoryId: '999999' }, { name: 'a.mp4', bytes: clip })).msg).toBe(
      'categoryId: 分类不存在，请重新选择',
    );
    expect(
      (
        await upload(
          { title: 'x', categoryId: String(categoryId), price: '-1' },
          { name: 'a.mp4', bytes: clip },
        )
      ).msg,
    ).toBe('price: 价格不能为负数');
    expect((await upload({ title: 'x', categoryId: String(categoryId) }, null)).msg).toBe(
      'file: 请选择要上传的视频',
    );
    expect(await storedFiles()).toEqual(before);
    expect((await auditRows(t)).length).toBe(audits);
    expect((await adminCall(t.app, 'PATCH', '/videos/1', { operator: editor, json: {} })).msg).toMatch(
      /^title: 至少修改一项/,
    );
  });
});
