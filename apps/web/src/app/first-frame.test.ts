import { describe, expect, it } from 'vitest';
import { pageTitle } from '../shared/lib/brand';
import { renderFirstFrames } from './first-frame';
import { TABS } from './layouts/tab-bar';
import { allRoutes, mainRoutes } from './routes';

/** The first frame the server paints for each route (docs/decisions/0029-first-frame.md). */
describe('first frames', () => {
  const frames = renderFirstFrames();
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  it('has one frame per route with the title the app sets', () => {
    expect(frames.map((f) => f.path)).toEqual(allRoutes.map((r) => r.path));
    for (const route of allRoutes) {
      const frame = frames.find((f) => f.path === route.path);
      expect(frame?.documentTitle).toBe(pageTitle(route.meta.title));
    }
  });

  it('shows the title in the header of layout B, and the active tab on tab routes', () => {
    for (const frame of frames) {
      const route = allRoutes.find((r) => r.path === frame.path);
      const doc = parse(frame.html);
      if (mainRoutes.includes(route!)) {
        const tabs = [...doc.querySelectorAll('nav[aria-label="主导航"] button')].map((b) => b.textContent);
        expect(tabs).toEqual(TABS.map((t) => t.label));
        const active = TABS.find((t) => t.name === route?.meta.name)?.label ?? '首页';
        expect(doc.querySelector('[aria-current="page"]')?.textContent).toBe(active);
        expect(Boolean(doc.querySelector('.app-header'))).toBe(route?.meta.header !== false);
      } else {
        expect(doc.querySelector('h1')?.textContent).toBe(route?.meta.title);
        expect(doc.querySelector('button[aria-label="返回"]')).not.toBeNull();
      }
    }
  });

  it('names the page module each route loads', () => {
    const home = frames.find((f) => f.path === '');
    expect(home?.pageSource).toContain('features/home/pages/home-page');
  });
});
