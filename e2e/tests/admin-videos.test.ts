import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { consoleLogin, createOperatorByCommand, useDesktop } from '../src/desktop.ts';
import { baseUrl, uniqueName } from '../src/fixtures.ts';

// 视频 in the console (issue 20 §3, decision 0058), in Chromium at 1280×800 against the real portal:
// an editor uploads a 3-second MP4 (drawn here by the bundled ffmpeg, a few dozen KB) as a draft,
// sees the cover the server cut from it, publishes it, and a phone's request lists it. A file that
// is not a video, named .mp4, is refused under the file field in Chinese and leaves nothing behind.
// The file takes its video down again, so the shared portal is as the other files expect it.
describe('videos in the console', () => {
  const desktop = useDesktop();
  const editor = { name: uniqueName('vid').toLowerCase(), password: 'V1deo!editor' };
  const stamp = Date.now().toString(36).slice(-5);
  const title = `云海日出 ${stamp}`;
  const refusedTitle = `坏视频 ${stamp}`;
  const shots = process.env.E2E_SHOTS;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-e2e-video-'));
  const clip = path.join(folder, 'sunrise.mp4');
  const incoming = path.join(inject('portalDataDir'), 'uploads', 'video-files', 'incoming');
  let videoId = 0;

  beforeAll(() => {
    createOperatorByCommand(editor.name, 'editor', editor.password);
    // ffmpeg's test pattern and a tone, as the server's tests draw theirs (test/helpers/videos.ts).
    const drawn = spawnSync(
      ffmpeg.path,
      [
        ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=12'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (drawn.status !== 0) throw new Error(`ffmpeg could not draw the clip: ${drawn.stderr}`);
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  const look = async (page: Page, name: string) => {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  };
  const expectAccessible = async (page: Page, where: string) => {
    await settle(page);
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
    await look(page, where.replace(/\s+/g, '-'));
  };
  const incomingFiles = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
  /** What a phone's next request for the newest videos answers. */
  const phoneList = async () =>
    (
      (await (await fetch(`${baseUrl()}/api/v1/video/list?sort=2&pageSize=50`)).json()) as {
        data: { records: Array<{ id: number; title: string; cover: string }> };
      }
    ).data.records;

  /** Opens 上传视频 and fills the fields; the file comes from `file`. */
  const fillUpload = async (
    page: Page,
    name: string,
    file: string | { name: string; mimeType: string; buffer: Buffer },
  ) => {
    await page.getByRole('button', { name: '上传视频' }).click();
    const dialog = page.getByRole('dialog', { name: '上传视频' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel('标题').fill(name);
    await dialog.getByRole('combobox', { name: '分类' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await dialog.getByRole('switch', { name: '立即发布' }).click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    const chosen = typeof file === 'string' ? path.basename(file) : file.name;
    await expect.poll(() => dialog.getByText(chosen, { exact: true }).count()).toBe(1);
    return dialog;
  };

  it('the editor uploads an MP4 as a draft, sees its cover, and publishes it; a phone lists it', async () => {
    const { page } = desktop;
    await consoleLogin(page, editor.name, editor.password);
    await expect.poll(() => page.getByRole('menuitem', { name: '视频' }).count()).toBe(1);
    await page.getByRole('menuitem', { name: '视频' }).click();
    await expect.poll(() => page.url()).toContain('/admin/videos');
    await expect.poll(() => page.locator('.ant-table-row, .ant-empty').count()).toBeGreaterThan(0);

    const dialog = await fillUpload(page, title, clip);
    await expectAccessible(page, 'video upload dialog');
    await dialog.getByRole('button', { name: '上传' }).click();
    // The server reads the MP4 and draws its cover with ffmpeg before it answers: on a busy 2-core
    // machine that takes longer than the suite's 15 s poll.
    await expect
      .poll(() => page.getByText(`已上传「${title}」，封面已生成`).count(), { timeout: 60_000 })
      .toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('草稿', { exact: true }).count()).toBe(1);
    const cover = row.getByRole('img', { name: `${title} 封面` });
    expect(await cover.getAttribute('src')).toMatch(/^\/uploads\/video-covers\/[0-9a-f]+\.webp$/);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    videoId = Number(await row.getByRole('cell').nth(1).textContent());
    expect(videoId).toBeGreaterThan(0);
    // A draft: not on the phone yet.
    expect((await phoneList()).some((v) => v.id === videoId)).toBe(false);
    await expectAccessible(page, 'videos list with upload');

    await row.getByRole('button', { name: '发布' }).click();
    await expect.poll(() => row.getByText('已发布', { exact: true }).count()).toBe(1);
    const listed = (await phoneList()).find((v) => v.id === videoId);
    expect(listed).toMatchObject({ title, cover: await cover.getAttribute('src') });
    expect(incomingFiles()).toEqual([]);
  }, 120_000);

  it('refuses a file that is not a video in Chinese, under the file field; nothing is kept', async () => {
    const { page } = desktop;
    const dialog = await fillUpload(page, refusedTitle, {
      name: 'not-a-video.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not a video, just some text pretending to be one'.repeat(20)),
    });
    await dialog.getByRole('button', { name: '上传' }).click();
    const error = dialog.locator('.ant-form-item-explain-error', { hasText: '无法识别该视频文件' });
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.textContent()).toBe('无法识别该视频文件：请上传完整的 MP4、MOV、WebM 等常见格式视频');
    // What was typed stays, for another try with the right file.
    expect(await dialog.getByLabel('标题').inputValue()).toBe(refusedTitle);
    await look(page, 'video-upload-refused');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    expect(incomingFiles()).toEqual([]);
    await page.getByRole('menuitem', { name: '视频' }).click();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(title) }).count()).toBe(1);
    expect(await page.getByRole('row', { name: new RegExp(refusedTitle) }).count()).toBe(0);
    expect((await phoneList()).some((v) => v.title === refusedTitle)).toBe(false);
  });

  it('the editor takes the video down again; the phone no longer lists it', async () => {
    const { page } = desktop;
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '下线' }).click();
    await expect.poll(() => row.getByText('草稿', { exact: true }).count()).toBe(1);
    expect((await phoneList()).some((v) => v.id === videoId)).toBe(false);
  });
});
