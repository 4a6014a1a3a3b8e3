import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// What a user meets in the browser (issue 7 §4): the page scales by the rem rule, zoom is allowed,
// dialogs hold the focus, the parallax keeps still for reduced motion, toasts of any height stack
// without overlapping, and broken images show a placeholder.

const POLL = { timeout: 15_000 };

/** A call as the signed-in user (form body). */
async function post(user: { uid: string; token: string }, url: string, body: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method: 'POST',
    headers: { uid: user.uid, token: user.token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ appID: '2008', ...body }),
  });
  const envelope = (await res.json()) as { code: number; msg: string };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.msg}`);
}

async function skipBulletin(page: Page) {
  await page.goto(`${baseUrl()}/`);
  await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
}

/** Sizes a user sees, in CSS px, on the games tab and the square. */
async function measure(page: Page) {
  await page.goto(`${baseUrl()}/games`);
  await page.locator('.game-card').first().waitFor();
  const sizes = await page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const font = (selector: string) =>
      Number.parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
    return {
      root: font('html'),
      header: box('.app-header').height,
      tabBar: box('.tab-bar').height,
      tabLabel: font('.tab-bar__item span'),
      tabIcon: box('.tab-bar__item svg').width,
      card: box('.game-card').width,
      cardName: font('.game-card__name'),
    };
  });
  await page.goto(`${baseUrl()}/square`);
  await page.locator('.post-card').first().waitFor();
  const square = await page.evaluate(() => ({
    postText: Number.parseFloat(getComputedStyle(document.querySelector('.post-card__text')!).fontSize),
    postPadding: Number.parseFloat(getComputedStyle(document.querySelector('.post-card')!).paddingLeft),
  }));
  return { ...sizes, ...square };
}

describe('the rem rule (spec §9)', () => {
  it('draws the page at 520 px wide at 520/375 of its 375 px design', async () => {
    const sizesAt = async (width: number) => {
      const phone = await launchPhone({ viewport: { width, height: 860 } });
      try {
        const page = phone.context.pages()[0] ?? (await phone.context.newPage());
        await skipBulletin(page);
        return await measure(page);
      } finally {
        await phone.close();
      }
    };
    const small = await sizesAt(375);
    const large = await sizesAt(520);
    expect(small.root).toBe(16);
    for (const [name, value] of Object.entries(small)) {
      const scaled = large[name as keyof typeof large];
      // Within 1 %: the one rounding a browser does to whole device pixels.
      expect(
        Math.abs(scaled / value / (520 / 375) - 1),
        `${name}: ${value} px at 375, ${scaled} px at 520`,
      ).toBeLessThan(0.01);
    }
  });

  it('lets the user zoom', async () => {
    const phone = await launchPhone();
    try {
      const page = phone.context.pages()[0] ?? (await phone.context.newPage());
      await page.goto(`${baseUrl()}/`);
      const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
      expect(viewport).toContain('width=device-width');
      expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/);
    } finally {
      await phone.close();
    }
  });
});

describe('on a phone at 390×844', () => {
  const phone = usePhone();
  let user: Awaited<ReturnType<typeof apiRegister>>;
  // 16 characters, the longest a name may be.
  const LONG_NAME = '蓝钻乐园里最会领礼包的玩家小蓝同';

  beforeAll(async () => {
    user = await apiRegister();
    await post(user, '/user/center/updateInfo', { name: LONG_NAME });
    await phone.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  });

  it("writes in the search box and the login fields in the page's own font, not the browser's", async () => {
    const { page } = phone;
    const fontsOf = () =>
      page.evaluate(() => ({
        page: getComputedStyle(document.body).fontFamily,
        fields: Array.from(
          document.querySelectorAll('input:not([type=checkbox]):not([type=radio]), textarea'),
        ).map((field) => getComputedStyle(field).fontFamily),
      }));
    for (const [path, field] of [
      ['/square', '.search-box__input'],
      ['/login', 'input'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator(field).first().waitFor();
      const fonts = await fontsOf();
      expect(fonts.page).toContain('Noto Sans CJK SC');
      expect(fonts.fields.length, path).toBeGreaterThan(0);
      for (const font of fonts.fields) expect(font, path).toBe(fonts.page);
    }
  });

  it('lays out a page the server rendered as the app lays it out when it goes there itself', async () => {
    // The page's own styles come after the shared ones on both paths (apps/server/src/platform/
    // page-render.ts), so the page's rules win on both: 书城's and 福利视频's grids keep their
    // side margins instead of running to the screen's edge when the page is opened directly.
    const { page } = phone;
    const layout = (card: string) =>
      page.evaluate((selector) => {
        const first = document.querySelector(selector)!.getBoundingClientRect();
        const search = document.querySelector('header input, .list-header__search, .app-header');
        return {
          cardLeft: first.left,
          cardWidth: first.width,
          searchLeft: search?.getBoundingClientRect().left,
        };
      }, card);
    await skipBulletin(page);
    for (const [entry, path, card] of [
      ['书城', '/novels', '.novel-card'],
      ['福利视频', '/welfare', '.video-card'],
    ] as const) {
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: entry }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await page.locator(card).first().waitFor();
      const byApp = await layout(card);
      await page.goto(`${baseUrl()}${path}`);
      await page.locator(card).first().waitFor();
      const byServer = await layout(card);
      expect(byServer, path).toEqual(byApp);
      // A margin as wide as the page's other gutters (0.75rem at 390 px: 12.48 px).
      expect(byServer.cardLeft, path).toBeCloseTo(12.48, 1);
    }
  });

  it('moves the focus into a dialog, keeps Tab inside, and gives it back on close', async () => {
    const { page } = phone;
    await loginAs(page, user);
    await page.goto(`${baseUrl()}/profile`);
    const opener = page.getByRole('button', { name: '退出登录' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '退出登录' });
    await dialog.waitFor();
    // What has the focus, named as a screen reader would: the dialog itself, or a control by its name.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (el?.getAttribute('role') === 'dialog') return 'dialog';
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });
    await expect.poll(focused, POLL).toBe('dialog');
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push((await focused()) ?? '');
    }
    expect(order).toEqual(['关闭', '取消', '确定退出', '关闭']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('确定退出');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), POLL).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('stacks a two-line toast and the next one without overlap (on a 340 px phone)', async () => {
    const { page } = phone;
    // A small phone, where the welcome with a 16-character name takes two lines.
    await page.setViewportSize({ width: 340, height: 720 });
    try {
      await skipBulletin(page);
      await page.evaluate(() => localStorage.removeItem('ld-account'));
      await page.goto(`${baseUrl()}/login?redirect=%2Fuser`);
      await page.getByLabel('用户名').fill(user.loginName);
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: '登录' }).click();
      const welcome = page.locator('.ld-toast', { hasText: '欢迎回来' });
      await welcome.waitFor();
      // Hovering pauses the welcome; the copy is then pressed from the keyboard, so it stays paused.
      await welcome.hover();
      await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/user');
      const copy = page.getByRole('button', { name: '复制' });
      await copy.focus();
      await page.keyboard.press('Enter');
      const copied = page.locator('.ld-toast', { hasText: '复制成功' });
      await copied.waitFor();
      // Measured where the toasts rest: each slides in from a little above for 0.3 s.
      const settled = (toast: typeof copied) =>
        toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      await Promise.all([settled(welcome), settled(copied)]);
      const [first, second] = [await welcome.boundingBox(), await copied.boundingBox()];
      const lines = await welcome.locator('.ld-toast__message').evaluate((el) => {
        const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
        return Math.round(el.getBoundingClientRect().height / lineHeight);
      });
      expect(lines).toBe(2);
      expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height + 8);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('shows a placeholder, not a broken glyph, for images that fail to load', async () => {
    const { page } = phone;
    await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    try {
      await skipBulletin(page);
      await page.goto(`${baseUrl()}/games`);
      const icon = page.locator('.game-card__icon').first();
      await expect.poll(() => icon.getAttribute('class'), POLL).toContain('ld-image--broken');
      expect(await icon.getAttribute('alt')).toBeTruthy();
      // The placeholder is drawn: the picture outline on the light theme colour, at full card size.
      const look = await icon.evaluate((el) => {
        const style = getComputedStyle(el);
        return { image: style.backgroundImage, width: el.getBoundingClientRect().width };
      });
      expect(look.image).toContain('data:image/svg+xml');
      expect(look.width).toBeGreaterThan(100);

      await page.goto(`${baseUrl()}/square`);
      const picture = page.locator('.image-grid img').first();
      await expect.poll(() => picture.getAttribute('class'), POLL).toContain('ld-image--broken');
    } finally {
      await page.unroute('**/uploads/**');
    }
  });
});

describe('on a desktop browser with reduced motion', () => {
  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const desktop = await launchPhone({
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    });
    page = desktop.context.pages()[0] ?? (await desktop.context.newPage());
    close = desktop.close;
    await skipBulletin(page);
  });
  afterAll(() => close());

  it('keeps the background still, and lets it follow the mouse again when motion is allowed', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseUrl()}/`);
    const background = page.locator('.parallax-bg');
    await background.waitFor({ state: 'attached' });
    const transformAfterMove = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      return background.evaluate((el) => (el as HTMLElement).style.transform);
    };
    for (const [x, y] of [
      [10, 10],
      [1270, 790],
      [600, 100],
    ]) {
      expect(await transformAfterMove(x, y)).toContain('translate3d(0px, 0px, 0px)');
    }
    // The setting changes while the page is open: the background follows the mouse again.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(() => transformAfterMove(10, 10), POLL).toContain('translate3d(11');
  });
});
