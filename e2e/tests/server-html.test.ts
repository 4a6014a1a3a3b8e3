import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePhone } from '../src/fixtures.ts';
import { type RunningPortal, startPortal } from '../src/server.ts';

// Bulletins and FAQ answers are the one place the app renders HTML from the server (DESIGN §8):
// an operator's paste, or a stolen console session, must not run script in every visitor's page.
const HOSTILE = [
  '<p>公告正文：欢迎光临</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="/no-such.png" alt="图" onerror="window.__xss = \'onerror\'">',
  '<svg><circle r="5" onload="window.__xss = \'svg\'"></circle></svg>',
  '<a href="javascript:window.__xss=\'link\'" class="x-link">点我领奖</a>',
  '<a href="JaVaScRiPt:window.__xss=\'mixed\'" class="x-link">大小写</a>',
  '<a href="&#106;avascript:window.__xss=\'entity\'" class="x-link">实体编码</a>',
  '<a href=" javascript:window.__xss=\'space\'" class="x-link">前导空格</a>',
  '<div onclick="window.__xss = \'click\'" onmouseover="window.__xss = \'hover\'" class="x-click">点这里</div>',
  '<iframe src="javascript:parent.__xss=\'iframe\'"></iframe>',
  '<form action="javascript:window.__xss=\'form\'"><button class="x-submit">提交</button></form>',
  '<a href="https://example.com/rules" class="x-safe">活动规则</a>',
].join('');

/** Script-ish leftovers inside `root`: script-carrying elements, handler attributes, javascript: URLs. */
const leftovers = (page: Page, root: string) =>
  page.locator(root).evaluate((el) => {
    const found: string[] = [];
    for (const node of Array.from(el.querySelectorAll('*'))) {
      const tag = node.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed'].includes(tag)) found.push(`<${tag}>`);
      for (const attr of Array.from(node.attributes)) {
        if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
        if (/^\s*javascript:/i.test(attr.value)) found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
    return found;
  });

describe('server HTML in Chromium', () => {
  // The sanitiser parses the hostile HTML in a document that shares the page's policy, which
  // reports each inline handler it meets there; nothing in the page runs (checked below).
  const phone = usePhone({
    allowConsole: [
      /^Executing inline event handler violates the following Content Security Policy directive/,
    ],
  });
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal({ SEED: '0' });
    const db = new SQLite(path.join(portal.dataDir, 'portal.sqlite'));
    try {
      db.prepare(
        'insert into bulletins (pos_type, title, content, is_active, created_at) values (1, ?, ?, 1, ?)',
      ).run('带脚本的公告', HOSTILE, Date.now());
      db.prepare('insert into faqs (question, answer, sort) values (?, ?, 1)').run('带脚本的解答', HOSTILE);
    } finally {
      db.close();
    }
    // Content-Security-Policy violations are recorded: a click that meets none ran nothing the
    // policy had to stop. (The sanitiser's own parse of the hostile HTML meets some, so the list
    // is emptied before the clicks.)
    await phone.page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
    });
  });
  afterAll(async () => {
    const trouble = portal?.troubleLines() ?? [];
    await portal?.stop();
    expect(trouble, 'warnings and errors the portal logged').toEqual([]);
  });

  /** A first visit as a guest; with `hideBulletin` the bulletin is dismissed for today. */
  async function visit(url: string, { hideBulletin = false } = {}) {
    const { page } = phone;
    await page.goto(`${portal.baseUrl}/api/health`);
    await page.evaluate((hide) => {
      localStorage.clear();
      if (hide) localStorage.setItem(':not-show', String(Date.now()));
    }, hideBulletin);
    await page.goto(`${portal.baseUrl}${url}`);
    return page;
  }

  async function expectInert(page: Page, root: string) {
    expect(await leftovers(page, root)).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
    });
    // Clicking every former javascript: link and the former onclick area runs nothing either.
    for (const link of await page.locator(`${root} .x-link`).all()) await link.click();
    await page.locator(`${root} .x-click`).hover();
    await page.locator(`${root} .x-click`).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
      [],
    );
    // The harmless rest is still there.
    expect(await page.locator(`${root} .x-safe`).getAttribute('href')).toBe('https://example.com/rules');
  }

  it('shows a bulletin with scripts, handlers and javascript: links as inert HTML', async () => {
    const page = await visit('/');
    const dialog = page.getByRole('dialog', { name: '带脚本的公告' });
    await dialog.waitFor();
    await dialog.getByText('公告正文：欢迎光临').waitFor();
    await expectInert(page, '.bulletin__content');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows an FAQ answer with the same payload as inert HTML', async () => {
    const page = await visit('/faq', { hideBulletin: true });
    await page.getByText('带脚本的解答').click();
    await page.locator('.faq-list__a').getByText('公告正文：欢迎光临').waitFor();
    await expectInert(page, '.faq-list__a');
    expect(new URL(page.url()).pathname).toBe('/faq');
  });
});
