// Temporary screenshot script (not committed): fakes the video API that is not merged yet.
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8104';
const fake = process.env.FAKE === '1';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
const ok = (data) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'success', data }) });
const cat = [{ id: 1, name: '热血' }, { id: 2, name: '恋爱' }, { id: 3, name: '搞笑' }, { id: 4, name: '治愈' }];
const item = (i) => ({ id: i, kind: 'video', title: `第${i}个演示视频 · 樱花树下的约定${i % 3 ? '' : '（完整版）'}`, author: 'LD', cover: `/api/health?c=${i}`, category: cat[i % 4], tags: [], status: 1, unitCount: 1, latestUnit: null, viewCount: 1234 * i * i, duration: 7 + i, price: i % 3 === 1 ? 5 : 0, vip: i % 4 === 2 });
if (fake) {
  await page.route('**/api/v1/video/categories', (r) => r.fulfill(ok(cat)));
  await page.route('**/api/v1/video/list**', (r) => r.fulfill(ok({ records: Array.from({ length: 12 }, (_, i) => item(i + 1)), nextCursor: null })));
  await page.route(/\/api\/v1\/video\/\d+$/, (r) => { const id = Number(r.request().url().split('/').pop()); r.fulfill(ok({ ...item(id), intro: '一段八秒的演示动画：樱花飘落，镜头缓缓推进。', wordCount: null, subscribed: false, progress: null, unlocked: id % 3 !== 1, src: id % 3 !== 1 ? '/none.mp4' : null, nextId: id + 1 })); });
}
await page.goto(base + '/api/health');
await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
for (const [name, path] of (process.env.SHOTS ?? 'welfare:/welfare,video:/video/2,locked:/video/1').split(',').map((s) => s.split(/:(.*)/s))) {
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/vw-shots/${name}.png` });
  console.log(name, await page.title());
}
await b.close();
