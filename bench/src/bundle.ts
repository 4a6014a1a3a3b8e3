import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchPhone } from '../../e2e/src/browser.ts';

/**
 * The home route's first load as a phone really fetches it: every /assets/ script and stylesheet
 * Chromium requested until the network went idle, sized as gzip of the built files. A first visit
 * of the day also loads the bulletin popup (with DOMPurify); `bulletinHidden` measures a visitor
 * who ticked 今日不再提示, which is every later visit that day.
 */
export async function measureHomeFirstLoad(
  baseUrl: string,
  distDir: string,
  options: { bulletinHidden?: boolean } = {},
) {
  const { context, close } = await launchPhone();
  if (options.bulletinHidden) {
    await context.addInitScript(() => localStorage.setItem(':not-show', String(Date.now())));
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const assets = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/')) assets.add(url.pathname);
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await close();
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const file = path.join(distDir, asset);
    const size = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
    if (asset.endsWith('.js')) js += size;
    else if (asset.endsWith('.css')) css += size;
  }
  return { jsKb: js / 1024, cssKb: css / 1024, files: [...assets].sort() };
}
