import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootOf, useWebBuild } from './helpers/web-build.ts';

// The first frame (docs/decisions/0029-first-frame.md) on the real SPA build: what a phone gets
// for each address before any script has run.
describe('the first frame in the served page', () => {
  // The frame itself: without the build's server render module every page gets its frame
  // (server-render.test.ts covers the pages rendered in its place).
  const site = useWebBuild({ prefix: 'ld-frame-dist-', serverRender: false });
  const { dist, open } = site;
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it('paints the route title in the header and the document title', async () => {
    const cases = [
      { url: '/login', title: '蓝钻乐园 - 登录', heading: '<h1 class="simple-header__title">登录</h1>' },
      {
        url: '/faq',
        title: '蓝钻乐园 - 常见问题',
        heading: '<h1 class="simple-header__title">常见问题</h1>',
      },
      { url: '/recharge', title: '蓝钻乐园 - 蓝钻充值', heading: '>蓝钻充值</h1>' },
      { url: '/post/12', title: '蓝钻乐园 - 帖子详情', heading: '>帖子详情</h1>' },
    ];
    for (const { url, title, heading } of cases) {
      const html = await open(url);
      expect(html).toContain(`<title>${title}</title>`);
      expect(rootOf(html)).toContain(heading);
      expect(rootOf(html)).toContain('class="first-frame');
    }
  });

  it('shows the tab bar with the route’s tab active on tab routes, also with a query string', async () => {
    const games = rootOf(await open('/games/2?from=home&x=%3Cb%3E'));
    expect(games).toContain('<nav class="tab-bar" aria-label="主导航">');
    expect(games).toMatch(/class="tab-bar__item is-active" aria-current="page">.*?<span>游戏<\/span>/);
    const home = await open('/');
    expect(home).toContain('<title>蓝钻乐园</title>');
    expect(rootOf(home)).toContain('<header class="app-header">');
    expect(rootOf(home)).toMatch(/is-active" aria-current="page">.*?<span>首页<\/span>/);
    // The square has its own top instead of the header.
    const square = rootOf(await open('/square'));
    expect(square).not.toContain('app-header');
    expect(square).toMatch(/is-active" aria-current="page">.*?<span>广场<\/span>/);
  });

  it('preloads the route’s own chunks beside the entry, and each exists in the build', async () => {
    for (const [url, page] of [
      ['/square', 'square-page'],
      ['/games', 'games-page'],
      ['/login', 'login-page'],
      ['/detail/7', 'game-detail-page'],
    ]) {
      const html = await open(url);
      const links = preloads(html);
      expect(links.some((href) => href.includes(`/assets/${page}-`))).toBe(true);
      // The entry is the vendor chunk (main.tsx rides in it, 0043), after rolldown's runtime.
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/vendor-[^"]+\.js"><\/script>/);
      for (const href of links) expect(fs.existsSync(path.join(dist, href)), href).toBe(true);
    }
  });

  it('starts home and 我的 after their frames have painted: the boot script adds their code', async () => {
    for (const [url, frame, page] of [
      ['/', 'first-frame first-frame--home', 'home-page'],
      ['/profile', 'first-frame first-frame--main', 'profile-page'],
    ]) {
      const html = await open(url);
      expect(rootOf(html), url).toContain(`class="${frame}"`);
      expect(html, url).not.toMatch(/<script type="module"/);
      expect(preloads(html), url).toEqual([]);
      const boot = html.match(
        /<script defer src="(\/assets\/boot-[^"]+\.js)" data-scripts="([^"]*)" data-modules="([^"]*)"/,
      );
      expect(boot, url).not.toBeNull();
      expect(boot?.[2]).toMatch(/\/assets\/vendor-[^ ]+\.js/);
      expect(boot?.[3].split(' ').some((href) => href.includes(`/assets/${page}-`))).toBe(true);
      for (const href of [...(boot?.[2].split(' ') ?? []), ...(boot?.[3].split(' ') ?? [])])
        expect(fs.existsSync(path.join(dist, href)), href).toBe(true);
    }
  });

  it('inlines the entry stylesheet, so the frame paints without another request', async () => {
    const html = await open('/games');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[^<]*\.first-frame__line\{[^<]*<\/style>/);
    expect(head).not.toMatch(/<link rel="stylesheet"/);
  });

  // docs/decisions/0043-phone-speed.md: the page's first requests come answered inside the HTML.
  const firstData = (html: string): Record<string, unknown> | null => {
    const block = /<script type="application\/json" id="ld-first-data">([^<]*)<\/script>/.exec(html);
    return block ? (JSON.parse(block[1]) as Record<string, unknown>) : null;
  };
  const api = async (method: 'GET' | 'POST', url: string, form?: string) =>
    (
      await site.t.app.inject({
        method,
        url,
        ...(form !== undefined
          ? { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {}),
      })
    ).json();

  it('answers the page’s first requests inside the HTML, as the API answers a guest', async () => {
    const games = firstData(await open('/games'));
    expect(Object.keys(games ?? {}).sort()).toEqual([
      'GET /v1/game/types',
      'POST /web/game/list?pageSize=10',
    ]);
    expect(games?.['GET /v1/game/types']).toEqual(await api('GET', '/api/v1/game/types'));
    expect(games?.['POST /web/game/list?pageSize=10']).toEqual(
      await api('POST', '/api/web/game/list', 'appID=2008&pageSize=10'),
    );
    // The route's parameter goes into the request it names.
    const typed = firstData(await open('/games/2'));
    expect(typed?.['POST /web/game/list?pageSize=10&type=2']).toEqual(
      await api('POST', '/api/web/game/list', 'appID=2008&type=2&pageSize=10'),
    );
    // Routes without data carry no block, and neither does the home page.
    expect(firstData(await open('/login'))).toBeNull();
    expect(firstData(await open('/'))).toBeNull();
  });

  it('asks nothing with a parameter that is not digits, and leaves out what the API refuses', async () => {
    const odd = await open('/games/%3Cscript%3E');
    expect(Object.keys(firstData(odd) ?? {})).toEqual(['GET /v1/game/types']);
    expect(odd).not.toContain('<script>');
    // A book that does not exist: the API answers 404, so the page asks (and shows its error) itself.
    expect(firstData(await open('/bookinfo/999999999'))).toBeNull();
  });

  it('gives an unknown path the home frame and writes nothing of the address into the page', async () => {
    const hostile =
      '/no-such-page/%3Cimg%20src=x%20onerror=alert(1)%3E?q=%22%3E%3Cscript%3Ealert(2)%3C/script%3E';
    const html = await open(hostile);
    expect(html).toContain('<title>蓝钻乐园</title>');
    expect(html).toMatch(/data-modules="[^"]*\/assets\/home-page-/);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('alert(');
    // Only the build's own script: the home frame's boot script, which adds the app's.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toMatch(/<script defer src="\/assets\/boot-[^"]+\.js"/);
  });
});
