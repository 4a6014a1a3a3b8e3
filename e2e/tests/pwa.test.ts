import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// The installable portal (issue 21 §5, docs/decisions/0051-installable-portal.md): the web manifest
// and its icons, the Workbox service worker of a reader with downloads, which keeps the build and
// never an /api answer that is not a downloaded book's, and 添加到主屏幕 in 我的.

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

async function pngAt(path: string) {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toBe('image/png');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(1, 4).toString(), path).toBe('PNG');
  return pngSize(bytes);
}

/** Every URL kept in Cache Storage, by cache. */
const allCached = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      kept[name] = (await cache.keys()).map((r) => {
        const url = new URL(r.url);
        return url.pathname + url.search;
      });
    }
    return kept;
  });

describe('the installable portal', () => {
  // The offline part cuts the network: the browser notes the requests that then fail.
  const phone = usePhone({
    allowConsole: [
      /ERR_INTERNET_DISCONNECTED/,
      /Failed to load resource: net::ERR_FAILED/,
      /Failed to fetch/,
    ],
  });

  it('serves a valid manifest with its icons and the Apple tags, and Chromium finds the portal installable', async () => {
    const { page } = phone;
    await asGuest(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(`${baseUrl()}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: '蓝钻乐园',
      short_name: '蓝钻乐园',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#3d8bfd',
      background_color: '#f4f8fd',
    });
    // The theme colour the page itself declares is the manifest's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    const icons = manifest.icons;
    for (const icon of icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await pngAt(icon.src)).toEqual({ width, height });
    }
    expect(icons.filter((i) => i.purpose !== 'maskable').map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);

    // Apple's home screen reads its own tags.
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await pngAt(touchIcon ?? '')).toEqual({ width: 180, height: 180 });
    const meta = (name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');
    expect(await meta('apple-mobile-web-app-capable')).toBe('yes');
    expect(await meta('apple-mobile-web-app-title')).toBe('蓝钻乐园');
    expect(await meta('apple-mobile-web-app-status-bar-style')).toBe('default');

    // Chromium's own reading of the manifest and its install criteria (what Lighthouse's
    // installability audit asked it): no error.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('gives a reader with downloads the Workbox worker, which keeps the build and no /api answer but a downloaded book’s', async () => {
    const { page } = phone;
    const account = await apiRegister();
    // A guest's visit registers no worker.
    await asGuest(page, '/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(
      0,
    );

    // A reader who has downloaded books (the download sets this mark: offline.test.ts).
    await loginAs(page, account, '/');
    await page.evaluate(() => localStorage.setItem('ld-offline-enabled', '1'));
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 45_000,
      })
      .toBe(`${baseUrl()}/sw.js`);
    const worker = await (await fetch(`${baseUrl()}/sw.js`)).text();
    expect(worker).toContain('workbox:precaching');
    const precache = Object.entries(await allCached(page)).find(([name]) =>
      name.startsWith('workbox-precache-v2-'),
    );
    expect(precache, 'Workbox’s precache').toBeDefined();
    const [, precached] = precache!;
    // The shell and the scripts this page runs on are kept (with Workbox's revision on index.html).
    expect(precached.some((u) => u.startsWith('/index.html'))).toBe(true);
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).map(
        (s) => new URL(s.src).pathname,
      ),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(precached).toContain(script);

    // Under the worker, `/` is still the server's page with its first screen, not the kept shell
    // (whose #root is empty).
    const home = await page.goto(`${baseUrl()}/`);
    expect(await home?.text()).not.toContain('<div id="root"></div>');
    // Pages that read the API under the worker: lists, messages, a book's detail (not
    // downloaded), the square.
    for (const path of ['/games', '/novels', '/bookinfo/6', '/square', '/profile', '/message']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const apiKept = Object.entries(await allCached(page)).flatMap(([name, urls]) =>
      urls.filter((u) => u.startsWith('/api/')).map((u) => `${name}: ${u}`),
    );
    expect(apiKept).toEqual([]);

    // Without network, a page that was never downloaded still opens: the kept shell renders it.
    await page.context().setOffline(true);
    try {
      await page.goto(`${baseUrl()}/games`);
      await page.getByRole('navigation', { name: '主导航' }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    // The worker fetches the whole build (~880 KB) and the test visits seven pages: more than the
    // default minute on a busy machine.
  }, 120_000);

  it('offers 添加到主屏幕 in 我的: the browser’s install dialog where it offers one, a guide inside WeChat', async () => {
    const { page } = phone;
    // Watches the browser's own offer and its prompt() being called (the test only counts them).
    await page.addInitScript(() => {
      const w = window as unknown as { offered: number; prompted: number };
      w.offered = 0;
      w.prompted = 0;
      window.addEventListener('beforeinstallprompt', () => {
        w.offered += 1;
      });
      const event = (
        window as unknown as { BeforeInstallPromptEvent?: { prototype: { prompt(): Promise<void> } } }
      ).BeforeInstallPromptEvent;
      if (!event) return;
      const prompt = event.prototype.prompt;
      event.prototype.prompt = function (this: unknown) {
        w.prompted += 1;
        return prompt.call(this);
      };
    });
    const count = (name: 'offered' | 'prompted') =>
      page.evaluate((key) => (window as unknown as Record<string, number>)[key], name);
    await asGuest(page, '/profile');
    const entry = page.getByRole('button', { name: /添加到主屏幕/ });
    const guide = page.getByRole('dialog', { name: '添加到主屏幕' });
    // Chromium finds the portal installable and offers it: the entry opens its dialog, no guide.
    await expect.poll(() => count('offered'), { timeout: 10_000 }).toBe(1);
    // Tapped again while the tap meets the page before the app has taken it over (a loaded machine).
    await expect
      .poll(
        async () => {
          if ((await count('prompted')) === 0) await entry.click();
          return count('prompted');
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await guide.count()).toBe(0);

    // Inside WeChat: open the page in the browser first (even where the engine offers to install).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: WECHAT });
    try {
      await page.goto(`${baseUrl()}/profile`);
      expect(await page.evaluate(() => navigator.userAgent)).toContain('MicroMessenger');
      await entry.click();
      await guide.waitFor();
      const text = await guide.textContent();
      expect(text).toContain('微信内的浏览器不能添加到主屏幕');
      expect(text).toContain('在浏览器中打开');
      await guide.getByRole('button', { name: '我知道了' }).click();
      await expect.poll(() => guide.count()).toBe(0);
      expect(await count('prompted')).toBe(0);
    } finally {
      await cdp.detach();
    }
  });
});
