import os from 'node:os';
import { launchPhone } from '../../e2e/src/browser.ts';
import { startPortal } from '../../e2e/src/server.ts';
import type { ComicDb } from './generate-comics.ts';
import type { Figure } from './report.ts';

/** The longest the grid is flung down (ms; it stops at its end), and how far each wheel step moves it (px). */
const SCROLL_MS = 90_000;
const STEP_PX = 600;
const STEP_EVERY_MS = 16;
/** A frame longer than this is one a user sees stutter (issue 9). */
export const LONG_FRAME_MS = 50;

/**
 * Scrolls the 色漫 cover grid of the comics bench database (5,000 comics at scale 1) in Chromium at
 * 390×844 from top to end (at most SCROLL_MS), as fast as a fling, while infinite scroll pages more
 * covers in: counts the
 * frames longer than 50 ms (requestAnimationFrame intervals), and how many covers the DOM held at
 * most (the window draws only the rows near the view).
 */
export async function comicGridScroll(comics: ComicDb, options: { webDist?: string }): Promise<Figure[]> {
  const portal = await startPortal({
    DATA_DIR: comics.dataDir,
    SEED: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const phone = await launchPhone();
  try {
    await phone.context.addInitScript(() => localStorage.setItem(':not-show', String(Date.now())));
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    await page.goto(`${portal.baseUrl}/animate`, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: '漫画列表' }).getByRole('link').first().waitFor();
    // A string, not a function: tsx's name helpers do not exist in the page.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__maxCards = 0;
      window.__stop = false;
      let last = performance.now();
      requestAnimationFrame(function tick(now) {
        window.__frames.push(now - last);
        last = now;
        window.__maxCards = Math.max(window.__maxCards, document.querySelectorAll('.cover-grid__item').length);
        if (!window.__stop) requestAnimationFrame(tick);
      });
    })()`);
    // Where the main thread's time went during the fling (Chromium's own counters, in seconds).
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const counters = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value])) as Record<string, number>;
    };
    const before = await counters();
    await page.evaluate(`(() => {
      window.__longTasks = 0;
      try {
        new PerformanceObserver((list) => { window.__longTasks += list.getEntries().length; })
          .observe({ type: 'longtask' });
      } catch {}
    })()`);
    await page.mouse.move(195, 600);
    const started = Date.now();
    const end = page.getByText('没有更多了');
    while (Date.now() - started < SCROLL_MS) {
      await page.mouse.wheel(0, STEP_PX);
      await page.waitForTimeout(STEP_EVERY_MS);
      if (await end.isVisible()) break;
    }
    const seconds = (Date.now() - started) / 1000;
    const after = await counters();
    const spent = (name: string) => `${(((after[name] ?? 0) - (before[name] ?? 0)) * 1000).toFixed(0)} ms`;
    const result = await page.evaluate(() => {
      const w = window as unknown as {
        __frames: number[];
        __maxCards: number;
        __stop: boolean;
        __longTasks: number;
      };
      w.__stop = true;
      const grid = document.querySelector('.cover-grid');
      return {
        frames: w.__frames.slice(1),
        maxCards: w.__maxCards,
        loaded: Number(grid?.querySelector('li:last-child')?.getAttribute('aria-setsize') ?? 0),
        scrolled: window.scrollY,
        longTasks: w.__longTasks,
      };
    });
    const long = result.frames.filter((f) => f > LONG_FRAME_MS).length;
    const worst = Math.max(...result.frames);
    console.info(
      `色漫 grid: scrolled ${Math.round(result.scrolled)} px in ${seconds.toFixed(1)} s through ${result.loaded} of ${comics.meta.size.comics} comics; ${result.frames.length} frames, ${long} over ${LONG_FRAME_MS} ms, worst ${worst.toFixed(1)} ms; at most ${result.maxCards} covers in the DOM (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    console.info(
      `色漫 grid main thread: tasks ${spent('TaskDuration')}, script ${spent('ScriptDuration')}, style ${spent('RecalcStyleDuration')}, layout ${spent('LayoutDuration')}; ${result.longTasks} long tasks (> 50 ms)`,
    );
    return [
      {
        name: '色漫 grid scroll: frames over 50 ms',
        value: long,
        unit: 'frames',
        budget: 5,
        better: 'lower',
      },
      {
        name: '色漫 grid scroll: covers in the DOM at most',
        value: result.maxCards,
        unit: 'covers',
        budget: 60,
        better: 'lower',
      },
    ];
  } finally {
    await phone.close();
    await portal.stop();
  }
}
