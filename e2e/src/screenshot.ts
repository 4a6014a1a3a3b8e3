import { launchPhone } from './browser.ts';

/**
 * Screenshots pages of a running portal at 390×844, for looking at what we build:
 *   node --import tsx e2e/src/screenshot.ts http://localhost:8080 /tmp/shots / /games /login
 */
const [base = 'http://localhost:8080', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const { context, close } = await launchPhone();
const page = context.pages()[0] ?? (await context.newPage());
await import('node:fs').then((fs) => fs.mkdirSync(out, { recursive: true }));
for (const p of paths.length ? paths : ['/']) {
  await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  const file = `${out}/${p.replace(/[^\w]+/g, '_') || 'root'}.png`;
  await page.screenshot({ path: file });
  console.info(`${p} → ${file} (title: ${await page.title()})`);
}
await close();
