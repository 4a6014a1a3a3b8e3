import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import { consoleLogin, createOperatorByCommand, useDesktop } from '../src/desktop.ts';
import { asGuest, baseUrl, uniqueName } from '../src/fixtures.ts';

// 活动中心 in the console (issue 20 §3), in Chromium at 1280×800: an editor creates an activity
// starting tomorrow with an uploaded banner, publishes it and adds a task; a phone at 390×844 sees
// it under 即将开始 in 活动中心 with that banner, and the task on its page. The editor replaces the
// banner (the old file goes), takes the activity down and deletes it (nobody took part). Every
// console page passes axe; the shared portal ends as the other files expect it.
describe('activities in the console', () => {
  const desktop = useDesktop();
  const editor = { name: uniqueName('act').toLowerCase(), password: 'Act1v!editor' };
  const stamp = Date.now().toString(36).slice(-5);
  const title = `签到季 ${stamp}`;
  const taskTitle = `签到5天 ${stamp}`;
  /** Where console screenshots go when E2E_SHOTS names a folder (to look at the pages). */
  const shots = process.env.E2E_SHOTS;
  let phone: Awaited<ReturnType<typeof launchPhone>>;
  let portal: Page;

  beforeAll(async () => {
    createOperatorByCommand(editor.name, 'editor', editor.password);
    phone = await launchPhone();
    portal = phone.context.pages()[0] ?? (await phone.context.newPage());
  });
  afterAll(async () => {
    await phone?.close();
  });

  const look = async (page: Page, name: string) => {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  };

  /** No serious or critical axe violation on what the page shows now. */
  const expectAccessible = async (page: Page, where: string) => {
    await settle(page);
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
    await look(page, where.replace(/\s+/g, '-'));
  };

  /** Types a time into an antd date picker and confirms it. */
  const pickTime = async (page: Page, label: string, at: Date) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    const input = page.getByLabel(label);
    await input.click();
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(text);
  };

  /** A 16:9 picture to upload, large enough to be scaled down to the banner's 1280 wide. */
  const picture = (background: string) =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background } })
      .png()
      .toBuffer();
  const preview = (page: Page) => page.getByRole('img', { name: '活动横幅预览' });
  const served = async (url: string) => (await fetch(`${baseUrl()}${url}`)).status;
  let firstBanner = '';
  let banner = '';

  it('the editor creates an activity, publishes it and adds a task', async () => {
    const { page } = desktop;

    await consoleLogin(page, editor.name, editor.password);
    await expect.poll(() => page.url()).toContain('/admin/bulletins');
    await page.getByRole('menuitem', { name: '活动中心' }).click();
    await expect.poll(() => page.url()).toContain('/admin/activities');
    await expect.poll(() => page.getByRole('heading', { name: '活动中心' }).count()).toBe(1);
    await expect.poll(() => page.locator('.ant-table-row, .ant-empty').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'activities list');

    await page.getByRole('button', { name: '新建活动' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '新建活动' }).count()).toBe(1);
    await page.getByLabel('活动标题').fill(title);
    await page.getByLabel('一句话简介').fill('签满 5 天得钻石');
    // The banner is a file: uploaded at once, re-encoded to WebP by the server, previewed 16:9.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '只支持 JPG、PNG、WebP 或 GIF 图片' }).count())
      .toBe(1);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'checkin.png', mimeType: 'image/png', buffer: await picture('#1c7ed6') });
    await expect.poll(() => preview(page).count()).toBe(1);
    firstBanner = (await preview(page).getAttribute('src')) ?? '';
    expect(firstBanner).toMatch(/^\/uploads\/activities\/[0-9a-f]+\.webp$/);
    expect(await page.getByRole('alert').filter({ hasText: '图片上传失败' }).count()).toBe(0);
    banner = firstBanner;
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    tomorrow.setSeconds(0, 0);
    await pickTime(page, '开始时间', tomorrow);
    // The end before the start: the form says so under 结束时间, what was typed stays.
    await pickTime(page, '结束时间', new Date(tomorrow.getTime() - 3600_000));
    await page.getByRole('switch', { name: '发布' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error', { hasText: '结束时间须晚于开始时间' }).count())
      .toBe(1);
    expect(await page.getByLabel('活动标题').inputValue()).toBe(title);
    await pickTime(page, '结束时间', new Date(tomorrow.getTime() + 3 * 24 * 3600_000));
    await expectAccessible(page, 'activity create');
    await page.getByRole('button', { name: '保存' }).click();

    // Saved, it opens on its edit page, where its tasks are added.
    await expect.poll(() => page.getByRole('heading', { name: '编辑活动' }).count()).toBe(1);
    await expect.poll(() => page.getByLabel('活动标题').inputValue()).toBe(title);
    await page.getByRole('button', { name: '添加任务' }).click();
    const dialog = page.getByRole('dialog', { name: '添加任务' });
    await expect.poll(() => dialog.count()).toBe(1);
    // The kind stays 签到 (the default): checked in on 5 days of the window.
    await dialog.getByLabel('任务名称').fill(taskTitle);
    await dialog.getByLabel('目标次数').fill('5');
    await expectAccessible(page, 'activity task dialog');
    await dialog.getByLabel('奖励钻石').fill('30');
    await dialog.getByRole('button', { name: '保存' }).click();
    const taskRow = page.getByRole('row', { name: new RegExp(taskTitle) });
    await expect.poll(() => taskRow.count()).toBe(1);
    expect(await taskRow.getByRole('cell', { name: '30', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('奖励合计 30 钻石').count()).toBe(1);
    await expectAccessible(page, 'activity edit');
  }, 120_000);

  it('a phone sees it under 即将开始 in 活动中心, with its task', async () => {
    await asGuest(portal, '/activity');
    await portal.getByRole('tab', { name: '即将开始' }).click();
    const card = portal.getByRole('link', { name: new RegExp(title) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('共 30');
    // The banner uploaded in the console, loaded.
    const image = card.locator('img').first();
    expect(await image.getAttribute('src')).toContain(banner);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    if (shots) await portal.screenshot({ path: path.join(shots, 'portal-activities.png') });
    await card.click();
    await expect.poll(() => portal.getByText(taskTitle).count()).toBeGreaterThan(0);
    expect(formatViolations(await scanAccessibility(portal), 'portal activity page')).toBe('');
  });

  it('the editor replaces the banner; the phone shows the new one and the old file is gone', async () => {
    const { page } = desktop;
    await page.getByRole('menuitem', { name: '活动中心' }).click();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => preview(page).getAttribute('src')).toBe(firstBanner);
    expect(await page.getByText('更换图片', { exact: true }).count()).toBe(1);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: await picture('#e8590c') });
    await expect.poll(() => preview(page).getAttribute('src')).not.toBe(firstBanner);
    banner = (await preview(page).getAttribute('src')) ?? '';
    await look(page, 'activity-banner-replaced');
    await page.getByRole('region', { name: '活动任务' }).scrollIntoViewIfNeeded();
    await look(page, 'activity-tasks');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect.poll(() => page.getByText(`已保存「${title}」`).count()).toBeGreaterThan(0);
    expect(await served(firstBanner)).toBe(404);
    expect(await served(banner)).toBe(200);

    await asGuest(portal, '/activity');
    await portal.getByRole('tab', { name: '即将开始' }).click();
    const card = portal.getByRole('link', { name: new RegExp(title) });
    await expect.poll(() => card.locator('img').first().getAttribute('src')).toContain(banner);
  }, 60_000);

  it('the editor takes it down; the phone no longer lists it', async () => {
    const { page } = desktop;
    await page.getByRole('menuitem', { name: '活动中心' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/activities(\?|$)/);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '下线' }).click();
    await expect.poll(() => row.getByText('未发布').count()).toBe(1);
    const listed = (await (await fetch(`${baseUrl()}/api/v1/activity/list`)).json()) as {
      data: Array<{ title: string }>;
    };
    expect(listed.data.map((a) => a.title)).not.toContain(title);
  });

  it('the editor deletes it (nobody took part): gone from the list, its banner file removed', async () => {
    const { page } = desktop;
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定删除' });
    await expect.poll(() => confirm.count()).toBe(1);
    await look(page, 'activity-delete-confirm');
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => page.getByText(`已删除「${title}」`).count()).toBeGreaterThan(0);
    expect(await served(banner)).toBe(404);
  });
});
