import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTxtNovel } from '@ld/server/test/helpers/txt-novel.ts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import { consoleLogin, createOperatorByCommand, useDesktop } from '../src/desktop.ts';
import { asGuest, baseUrl, clearBrowser, uniqueName } from '../src/fixtures.ts';

// 小说 and 漫画 in the console at 1280×800 against the real portal
// (docs/decisions/0059-novels-and-comics-console.md): an editor publishes a novel from a GBK TXT
// file (corrected in the preview, priced) and a comic from page images, and a phone at 390×844
// reads both at once.
describe('novels and comics in the console', { timeout: 240_000 }, () => {
  const desktop = useDesktop();
  const editor = { name: uniqueName('books').toLowerCase(), password: 'B00ks!console' };
  const stamp = Date.now().toString(36);
  const bookTitle = `导入之书${stamp}`;
  const comicTitle = `上传漫画${stamp}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-books-'));
  const shots = process.env.E2E_SHOTS;
  const novel = makeTxtNovel({ minBytes: 40_000, encoding: 'gbk', seed: 11 });
  const txt = path.join(dir, '导入之书.txt');
  const pages = ['1.png', '2.png', '10.png'].map((name) => path.join(dir, name));
  let bookId = 0;
  let comicId = 0;

  beforeAll(async () => {
    createOperatorByCommand(editor.name, 'editor', editor.password);
    fs.writeFileSync(txt, novel.bytes);
    // Three pages of different colours, named so that file-name order is 1, 2, 10.
    const colours = [
      { r: 200, g: 40, b: 40 },
      { r: 40, g: 160, b: 40 },
      { r: 40, g: 40, b: 200 },
    ];
    for (const [i, file] of pages.entries()) {
      await sharp({ create: { width: 720, height: 960, channels: 3, background: colours[i] } })
        .png()
        .toFile(file);
    }
  });

  afterAll(async () => {
    await clearBrowser(desktop.page);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectAccessible = async (page: Page, where: string) => {
    await settle(page);
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
  };
  const shoot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };
  const idFromUrl = (page: Page) => Number(/\/edit\/(\d+)/.exec(page.url())?.[1] ?? 0);

  /** Fills the work form of 新建 and saves; answers the new work's id (the edit page it lands on). */
  const createWork = async (page: Page, menu: string, title: string) => {
    await page.getByRole('menuitem', { name: menu }).click();
    await page.getByRole('button', { name: `新建${menu}` }).click();
    await expect.poll(() => page.url()).toContain('/create');
    await page.getByLabel(menu === '小说' ? '书名' : '名称').fill(title);
    await page.getByLabel('作者').fill('控制台作者');
    await page.getByRole('combobox', { name: '分类' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await page.getByLabel('简介').fill(`${title}的简介`);
    await expectAccessible(page, `new ${menu}`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/edit\/\d+/);
    return idFromUrl(page);
  };

  it('the editor creates a novel, imports a GBK TXT, corrects the split, prices and publishes it', async () => {
    const { page } = desktop;
    await consoleLogin(page, editor.name, editor.password);
    await expect.poll(() => page.getByRole('menuitem', { name: '小说' }).count()).toBe(1);
    bookId = await createWork(page, '小说', bookTitle);
    expect(bookId).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('草稿', { exact: true }).count()).toBeGreaterThan(0);
    await shoot(page, 'novel-edit-draft');

    await page.getByRole('button', { name: '导入 TXT' }).click();
    await expect.poll(() => page.url()).toContain(`/novels/import/${bookId}`);
    // The import page's own drop zone (the edit page's cover input may still be in the DOM).
    await page.getByText('点击或拖入 TXT 文件').waitFor();
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles(txt);
    // The preview: GBK found, the preface left out by default, every chapter proposed.
    await expect.poll(() => page.getByText('GBK', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    const count = novel.titles.length;
    await expect.poll(() => page.getByRole('button', { name: `保存 ${count} 章` }).count()).toBe(1);
    expect(await page.getByLabel('第 2 章标题').inputValue()).toBe(novel.titles[0]);
    // Rename the first chapter, leave out the last one.
    await page.getByLabel('第 2 章标题').fill('第一章 控制台改名');
    await page
      .getByRole('row', { name: new RegExp(novel.titles[count - 1]) })
      .getByRole('button', { name: '不导入' })
      .click();
    // Merge chapter 2 into 3's range, then split chapter 5 at its third paragraph.
    // Rows in order: the preface, then chapter 1, 2, … (the table shows the plan as it changes).
    const row = (i: number) => page.locator('.ant-table-tbody tr.ant-table-row').nth(i);
    await row(2).getByRole('button', { name: '并入下一章' }).click();
    await expect.poll(() => page.getByRole('button', { name: `保存 ${count - 2} 章` }).count()).toBe(1);
    // Chapter 5 is now the 5th row (chapters 2 and 3 are one).
    await row(4).getByRole('button', { name: '拆分' }).click();
    const dialog = page.getByRole('dialog', { name: /拆分/ });
    await dialog.getByRole('listitem').nth(2).click();
    await dialog.getByLabel('新章节标题').fill('第五章（下）');
    await expectAccessible(page, 'split dialog');
    await shoot(page, 'novel-import-split');
    await dialog
      .getByRole('button', { name: '拆 分' })
      .or(dialog.getByRole('button', { name: '拆分' }))
      .click();
    await expect.poll(() => page.getByRole('button', { name: `保存 ${count - 1} 章` }).count()).toBe(1);
    expect(await page.getByLabel('第 6 章标题').inputValue()).toBe('第五章（下）');
    await expectAccessible(page, 'import preview');
    await shoot(page, 'novel-import-preview');
    await page.getByRole('button', { name: `保存 ${count - 1} 章` }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/novels/edit/${bookId}`);
    await expect.poll(() => page.getByText(`共 ${count - 1} 章`).count()).toBeGreaterThan(0);

    // First 3 free, then 5 diamonds a chapter.
    await page.getByLabel('前几章免费').fill('3');
    await page.getByLabel('每章价格（蓝钻）').fill('5');
    await page.getByRole('button', { name: '保存定价' }).click();
    await expect.poll(() => page.getByText(`收费 ${count - 4} 章`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('5 蓝钻').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect.poll(() => page.getByText('已发布', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'novel edit');
    await shoot(page, 'novel-edit-published');

    await page.getByRole('menuitem', { name: '小说' }).click();
    await expect.poll(() => page.getByRole('cell', { name: bookTitle, exact: true }).count()).toBe(1);
    await expectAccessible(page, 'novels list');
    await shoot(page, 'novels-list');
  });

  it('the editor renames a saved chapter and moves it first; moves another down (0059, after saving)', async () => {
    const { page } = desktop;
    await page.goto(`${baseUrl()}/admin/novels/edit/${bookId}`);
    const second = novel.titles[1];
    await page.getByRole('button', { name: `编辑「${second}」` }).click();
    const dialog = page.getByRole('dialog', { name: /编辑章节/ });
    await dialog.getByLabel('章节标题').fill('第二章 控制台再改名');
    await dialog.getByLabel('移到第几章').fill('1');
    await expectAccessible(page, 'unit edit dialog');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.textContent(), { timeout: 10_000 }).toContain('第二章 控制台再改名');
    // 第一章 控制台改名 is now second; one press moves it down to third.
    await page.getByRole('button', { name: '「第一章 控制台改名」下移' }).click();
    const thirdRow = page.locator('.ant-table-tbody tr.ant-table-row').nth(2);
    await expect.poll(() => thirdRow.textContent(), { timeout: 10_000 }).toContain('第一章 控制台改名');
    await expectAccessible(page, 'novel units edited');
    await shoot(page, 'novel-units-edited');
  });

  it('the editor creates a comic and publishes an episode made of page images in file-name order', async () => {
    const { page } = desktop;
    comicId = await createWork(page, '漫画', comicTitle);
    await page.getByLabel('本话标题').fill('第一话 控制台');
    // Chosen out of order: the page lists them by file name.
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles([pages[2], pages[0], pages[1]]);
    await expect.poll(() => page.getByText('顺序：1.png、2.png、10.png').count()).toBe(1);
    await page.getByRole('button', { name: '上传 3 页为新的一话' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: '第一话 控制台', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect.poll(() => page.getByText('已发布', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'comic edit');
    await shoot(page, 'comic-edit');
  });

  it('a phone reads the novel and the comic at once', async () => {
    const phone = await launchPhone();
    try {
      const portal = phone.context.pages()[0] ?? (await phone.context.newPage());
      await asGuest(portal, `/bookinfo/${bookId}`);
      await portal.getByRole('heading', { name: bookTitle }).waitFor({ timeout: 10_000 });
      await portal.getByRole('link', { name: '开始阅读' }).click();
      // The editor's order and title at the next request: the renamed chapter 2 opens first.
      await expect
        .poll(() => portal.getByText('第二章 控制台再改名').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => portal.getByText(novel.firstParagraphs[1].slice(0, 20)).count())
        .toBeGreaterThan(0);
      const menu = await (await fetch(`${baseUrl()}/api/v1/novel/${bookId}/chapters?pageSize=3`)).json();
      expect(menu.data.records.map((r: { index: number; title: string }) => [r.index, r.title])).toEqual([
        [1, '第二章 控制台再改名'],
        [2, novel.titles[3]],
        [3, '第一章 控制台改名'],
      ]);
      if (shots) await portal.screenshot({ path: path.join(shots, 'portal-reader.png') });

      const list = await (await fetch(`${baseUrl()}/api/v1/comic/${comicId}/episodes?pageSize=5`)).json();
      const episodeId = list.data.records[0].id;
      await portal.goto(`${baseUrl()}/comic/${comicId}/${episodeId}`);
      const images = portal.locator(`[data-eid="${episodeId}"] .comic-panel img`);
      await expect.poll(() => images.count(), { timeout: 10_000 }).toBe(3);
      await expect
        .poll(
          () => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      if (shots) await portal.screenshot({ path: path.join(shots, 'portal-comic.png') });
    } finally {
      await phone.close();
    }
  });
});
