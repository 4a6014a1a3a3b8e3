import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPhone } from '../src/browser.ts';
import { baseUrl } from '../src/fixtures.ts';

// The same portal on a desktop browser: the 520 px column, the side panels of the download route,
// and the background that follows the mouse (spec §2).
describe('on a desktop browser at 1280×800', () => {
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
    await page.goto(`${baseUrl()}/`);
    await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
  });
  afterAll(() => close());

  it('centres a column of at most 520 px and caps the rem factor by it', async () => {
    await page.goto(`${baseUrl()}/games`);
    const column = await page.locator('.app-column').boundingBox();
    expect(column?.width).toBe(520);
    expect(column?.x).toBe((1280 - 520) / 2);
    const rem = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(rem).toBeCloseTo(16 * (520 / 375), 1);
  });

  it('shows the decorative side panels on the download route only', async () => {
    await page.goto(`${baseUrl()}/download`);
    await expect.poll(() => page.locator('.side-panel').count()).toBe(2);
    expect(await page.locator('.side-panel--left').isVisible()).toBe(true);
    await page.goto(`${baseUrl()}/`);
    await expect.poll(() => page.locator('.side-panel').count()).toBe(0);
  });

  it('shifts the background slightly with the mouse', async () => {
    await page.goto(`${baseUrl()}/`);
    const background = page.locator('.parallax-bg');
    await background.waitFor({ state: 'attached' });
    // Move, then read; repeated until the listener (attached after the first render) has seen it.
    const transformAfterMove = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      return background.evaluate((el) => (el as HTMLElement).style.transform);
    };
    await expect.poll(() => transformAfterMove(10, 10)).toContain('translate3d(11');
    await expect.poll(() => transformAfterMove(1270, 790)).toContain('translate3d(-11');
  });
});
