import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Locator } from 'playwright-core';
import { forgetForReport, watchForReport } from './failure-report.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };

/**
 * Debian's Chromium through playwright-core, headless, on a fresh profile (no browser download is
 * possible here). The background-networking flags keep it from calling out of this machine.
 */
export async function launchPhone(
  options: {
    viewport?: { width: number; height: number };
    userAgent?: string;
    reducedMotion?: 'reduce' | 'no-preference';
    /** The computer's zone; the portal's own, Beijing's, unless a test says otherwise. */
    timezoneId?: string;
  } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: options.viewport ?? PHONE,
    deviceScaleFactor: 2,
    isMobile: !options.viewport || options.viewport.width < 768,
    hasTouch: !options.viewport || options.viewport.width < 768,
    locale: 'zh-CN',
    reducedMotion: options.reducedMotion,
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    userAgent:
      options.userAgent ??
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  watchForReport(context);
  return {
    context,
    async close() {
      forgetForReport(context);
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A tap as a finger makes it: down, held `holdMs`, up. Playwright's `tap()` sends both within the
 * same 0.1 ms, and gesture libraries that ignore zero-length touches (antd-mobile's image viewer
 * closes only when `elapsedTime > 0`, to skip the release after a long press) drop it now and then.
 */
export async function fingerTap(locator: Locator, holdMs = 60): Promise<void> {
  const page = locator.page();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('fingerTap: the element has no box');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}
