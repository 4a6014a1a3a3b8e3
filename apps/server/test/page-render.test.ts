import { executionAsyncId } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../src/modules/activities/service.ts';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';
import { createComic } from './helpers/comics.ts';
import { createCategory, createNovel } from './helpers/content.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { createGame, createPack, createType } from './helpers/money.ts';
import { insertSquareFixtures, newComment, newPost } from './helpers/square.ts';
import { requestPage, rootOf, useWebBuild } from './helpers/web-build.ts';

// docs/decisions/0050-one-rendering-path.md: the server renders the page with react-router's data
// router and the pages' own queries, and the page carries the state the browser hydrates from.

/** The one JSON of state a rendered page carries, parsed. */
const pageState = (html: string) => {
  const match = /<script type="application\/json" id="ld-page-state">(.*?)<\/script>/.exec(html);
  return match ? { text: match[1] ?? '', value: JSON.parse(match[1] ?? 'null') } : null;
};

describe('pages rendered on the server, on the real web build', () => {
  let bookId = 0;
  let chapterIds: number[] = [];
  let episodeIds: number[] = [];
  let activityStart = 0;
  let activityId = 0;
  let gameAppId = 0;
  let comicId = 0;
  let postId = 0;
  const site = useWebBuild({
    prefix: 'ld-page-render-',
    async seed(t) {
      const category = await createCategory(t, '玄幻');
      ({ workId: bookId, unitIds: chapterIds } = await createNovel(t, {
        chapters: 3,
        categoryId: category,
        title: '星河剑歌',
        author: '青衫客',
        hot: 900,
      }));
      await createNovel(t, { chapters: 2, categoryId: category, title: '夜行<b>', author: '北山', hot: 500 });
      const game = await createGame(t, {
        typeId: await createType(t, '休闲'),
        name: '泡泡龙大作战',
        tags: ['消除'],
      });
      gameAppId = game.appId;
      await createPack(t, { gameId: game.id, codes: 3, title: '泡泡龙新手礼包' });
      ({ workId: comicId, unitIds: episodeIds } = await createComic(t, { episodes: 3, title: '星落漫游记' }));
      const { tagIds } = await insertSquareFixtures(t.app);
      const author = await registerUser(t.app);
      postId = await newPost(t.app, author, '今天抽到了传说皮肤，开心', tagIds[0] as number);
      await newComment(t.app, author, postId, '恭喜恭喜，沾沾欧气');
      const now = t.clock.now();
      // What the operator set in 首页轮播 (only theirs: the built-in two are taken down).
      await t.deps.db.kysely.updateTable('home_banners').set({ is_active: 0 }).execute();
      await t.deps.db.kysely
        .insertInto('home_banners')
        .values({
          image: '/uploads/banners/winter.webp',
          alt: '冬季充值返利',
          link: '/recharge',
          sort: 0,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await t.deps.db.kysely
        .insertInto('faqs')
        .values({ question: '蓝钻怎么获得？', answer: '签到、活动与充值均可获得。', sort: 1 })
        .execute();
      await t.deps.db.kysely
        .insertInto('bulletins')
        .values({
          pos_type: 1,
          title: '冬季维护公告',
          content: '<p>今晚 23:00 维护</p><script>alert(1)</script><p onclick="x()">请留意</p>',
          is_active: 1,
          created_at: now,
        })
        .execute();
      activityStart = now - 3_600_000;
      activityId = await createActivity(
        t.deps.db.kysely,
        {
          title: '冬日阅读季',
          summary: '读书赢蓝钻',
          banner: '/uploads/activities/1/banner.webp',
          rulesHtml: '<p>规则</p>',
          startAt: activityStart,
          endAt: now + 3_600_000,
          tasks: [{ kind: 'post', title: '发布1条动态', target: 1, reward: 5 }],
        },
        now,
      );
    },
  });
  const { dist, open } = site;

  /** The page once rendered: the first request after start may find the render over its budget. */
  const openRendered = async (url: string) => {
    for (let attempt = 0; ; attempt++) {
      const html = await open(url);
      if (pageState(html) || attempt === 20) return html;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('renders the 书城 with the books of the database, escaped, and its title', async () => {
    const html = await openRendered('/novels');
    const root = rootOf(html);
    expect(root).toMatch(
      /^<div id="root">(<link rel="preload" as="image"[^>]*>)*<div class="app-root app-root--mobile">/,
    );
    expect(root).toContain('<span class="novel-card__title">星河剑歌</span>');
    expect(root).toContain('<span class="novel-card__author">青衫客</span>');
    expect(root).toContain('夜行&lt;b&gt;');
    expect(root).not.toContain('夜行<b>');
    expect(root).toContain('>玄幻</button>');
    expect(root).toContain(`href="/bookinfo/${bookId}"`);
    expect(html).toContain('<title>蓝钻乐园 - 书城</title>');
  });

  it('carries the query cache and the router state as one JSON the browser hydrates from', async () => {
    const state = pageState(await openRendered('/novels'));
    // No text from the database can close the element.
    expect(state?.text).not.toContain('<');
    const queries = state?.value.queries.queries as Array<{ queryKey: unknown[]; state: { data: unknown } }>;
    expect(queries.map((q) => q.queryKey[1])).toEqual(expect.arrayContaining(['categories', 'list']));
    expect(JSON.stringify(queries)).toContain('夜行<b>');
    expect(Object.keys(state?.value.router.loaderData ?? {}).length).toBeGreaterThan(0);
    expect(pageState(await open('/novels'))?.value).toBeTruthy();
  });

  it('renders the games and the activities from their loaders, times on the portal’s clock', async () => {
    expect(rootOf(await openRendered('/games'))).toContain('泡泡龙大作战');
    const activity = rootOf(await openRendered('/activity'));
    expect(activity).toContain('冬日阅读季');
    const shanghai = new Date(activityStart + 8 * 3_600_000);
    const hhmm = [shanghai.getUTCHours(), shanghai.getUTCMinutes()].map((n) => String(n).padStart(2, '0'));
    expect(activity).toContain(
      `${shanghai.getUTCMonth() + 1}月${shanghai.getUTCDate()}日 ${hhmm.join(':')} - `,
    );
  });

  it('renders each page a guest opens with its data: the operator’s banners first on the home', async () => {
    const home = rootOf(await openRendered('/'));
    // The first banner is the operator's, not the built-in one, from the first frame on.
    expect(home).toMatch(/<img src="\/uploads\/banners\/winter\.webp" alt="冬季充值返利"/);
    expect(home).not.toContain('每日签到，连签有礼');
    expect(home).toContain('泡泡龙大作战');
    expect(home).toContain('星河剑歌');

    const pages: Array<[string, string[]]> = [
      [`/detail/${gameAppId}`, ['泡泡龙大作战', '泡泡龙新手礼包']],
      [`/post/${postId}`, ['今天抽到了传说皮肤，开心', '恭喜恭喜，沾沾欧气']],
      [`/bookinfo/${bookId}`, ['星河剑歌', '青衫客']],
      // 目录: the book, then its first chapters, which need the book's chapter count.
      [
        `/bookmenu/${bookId}`,
        ['星河剑歌', '第1章 测试', '第3章 测试', `/readbook/${bookId}/${chapterIds[0]}`],
      ],
      [`/comic/${comicId}`, ['星落漫游记', '第1话 测试']],
      [`/activity/${activityId}`, ['冬日阅读季', '发布1条动态']],
      ['/checkin', ['七日签到奖励', '今日签到可得']],
      ['/faq', ['蓝钻怎么获得？']],
      ['/square', ['今天抽到了传说皮肤，开心', '综合']],
      ['/animate', ['星落漫游记']],
      [`/search?keyword=${encodeURIComponent('星河')}`, ['星河剑歌']],
    ];
    for (const [url, texts] of pages) {
      const root = rootOf(await openRendered(url));
      for (const text of texts) expect(root, `${url} shows ${text}`).toContain(text);
      // Rendered with its data, not its loading state.
      expect(root, url).not.toContain('state--loading');
    }
  });

  it('renders both readers with their first screen: the chapter’s text, the episode’s first panels', async () => {
    await openRendered(`/readbook/${bookId}/${chapterIds[0]}`);
    const reader = await requestPage(site.t, `/readbook/${bookId}/${chapterIds[0]}`);
    const root = rootOf(reader.body);
    // Neutral markup the device's settings style (reader.css `.reader--device`).
    expect(root).toContain(
      '<div class="reader reader--device"><div class="reader-view reader-view--scroll">',
    );
    expect(root).toContain('<h1 class="reader-text__title">第1章 测试</h1>');
    expect(root).toMatch(/<p data-p="0" class="reader-text__p">[^<]+/);
    expect(root).not.toContain('state--loading');
    // The settings script in the head, before the page's styles, allowed by its hash.
    const script = headScripts(reader.body).find((source) => source.includes('ld-reader-prefs')) ?? '';
    expect(script).not.toBe('');
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(String(reader.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    // Only the reader carries it.
    expect(await open('/novels')).not.toContain('ld-reader-prefs');

    const comic = rootOf(await openRendered(`/comic/${comicId}/${episodeIds[0]}`));
    expect(comic).toContain('<h1 class="comic-strip__title">第1话 测试</h1>');
    expect(comic).toMatch(/<img [^>]*fetchPriority="high"|<img [^>]*fetchpriority="high"/);
    expect(comic).not.toContain('state--loading');
  });

  it('renders 下载 without its install buttons, which follow once the phone is known', async () => {
    const root = rootOf(await openRendered('/download'));
    expect(root).toContain('海量游戏');
    expect(root).not.toContain('立即下载');
    expect(root).toContain('state--loading');
  });

  it('renders a detail whose id does not exist in its loading state, which the browser then fills', async () => {
    const html = await openRendered('/comic/999999');
    expect(pageState(html)).not.toBeNull();
    const queries = pageState(html)?.value.queries.queries as unknown[];
    // The failed query is not in the state: the browser asks again and shows 不存在.
    expect(JSON.stringify(queries)).not.toContain('999999');
    expect(rootOf(html)).toContain('state--loading');
  });

  it('renders the login form, which needs no data, with its own text', async () => {
    const root = rootOf(await openRendered('/login'));
    expect(root).toContain('placeholder="请输入用户名"');
    expect(root).toContain('>登录</button>');
  });

  it('holds taps on buttons until the app takes over: a script first in the head of each rendered page, allowed by its hash', async () => {
    for (const url of ['/', '/novels', `/readbook/${bookId}/${chapterIds[0]}`]) {
      const page = await requestPage(site.t, url);
      const [first] = headScripts(page.body);
      expect(first, url).toContain('__ldTakeOver');
      const hash = crypto
        .createHash('sha256')
        .update(first ?? '')
        .digest('base64');
      expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    }
    // A page the browser renders has nothing to tap before the app: no such script.
    expect((await requestPage(site.t, '/recharge')).body).not.toContain('__ldTakeOver');
  });

  it('leaves a page behind login and an unknown path to the browser, writing nothing of the address', async () => {
    for (const url of ['/recharge', '/no-such-page-<script>x']) {
      const res = await requestPage(site.t, url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toMatch(/^<div id="root"><\/div>/);
      expect(pageState(res.body)).toBeNull();
      expect(res.body).not.toContain('<script>x');
    }
    expect((await requestPage(site.t, '/recharge')).body).toContain('<title>蓝钻乐园 - 蓝钻充值</title>');
  });

  it('preloads the matched route’s own chunks and inlines the styles, the entry’s included', async () => {
    const html = await openRendered('/novels');
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g),
    ].map((m) => m[1] as string);
    expect(preloads.some((href) => href.includes('novels-page'))).toBe(true);
    // The entry's script at its normal priority (0050, 2026-11-26: low priority moved the entry's
    // evaluation and hydration after the first paint, into Lighthouse's TBT).
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    for (const href of preloads) expect(fs.existsSync(path.join(dist, href))).toBe(true);
    // No other page's chunk.
    expect(preloads.some((href) => href.includes('games-page'))).toBe(false);
    // Styles inline; their files only as disabled links (never fetched), which the app's chunk
    // loader takes as loaded.
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/ disabled>$/);
    expect(html).toContain('<style>');
    // The page's styles after the entry's, still in the head: the order the app gives them when
    // it loads the route itself, so a page rule wins over a shared one of the same weight on both
    // paths (书城's grid keeps its side padding over `.paged-list`'s none).
    const head = html.slice(0, html.indexOf('</head>'));
    const shared = head.indexOf('.paged-list{');
    expect(shared).toBeGreaterThan(0);
    expect(head.indexOf('.novels__grid{')).toBeGreaterThan(shared);
    expect(head.lastIndexOf('modulepreload')).toBeLessThan(shared);
  });

  it('carries the start-up bulletin, closed, with the script that opens it allowed by its hash alone', async () => {
    for (const url of ['/novels', '/login', '/no-such-page']) {
      const response = await requestPage(site.t, url);
      const html = response.body;
      const dialog = /<dialog id="boot-bulletin"[^>]*>(.*?)<\/dialog>/.exec(html);
      expect(dialog?.[0]).toMatch(
        /^<dialog id="boot-bulletin" class="boot-bulletin" aria-labelledby="boot-bulletin-title" tabindex="-1">/,
      );
      expect(dialog?.[1]).toContain('冬季维护公告');
      expect(dialog?.[1]).toContain('<p>今晚 23:00 维护</p>');
      expect(dialog?.[1]).not.toContain('alert(1)');
      expect(dialog?.[1]).not.toContain('onclick');
      // Outside #root, which React hydrates.
      expect(html.indexOf('<dialog')).toBeGreaterThan(
        html.indexOf('</div>', html.indexOf('<div id="root">')),
      );
      const script = /<\/dialog><script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
      expect(script).toContain('showModal');
      const hash = crypto.createHash('sha256').update(script).digest('base64');
      const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
      // The held-taps script and the novel reader's settings script (their own tests) are the
      // policy's other hashes.
      expect(scriptSrc?.split(' ')).toEqual([
        "'self'",
        `'sha256-${hash}'`,
        expect.stringMatching(/^'sha256-/),
        expect.stringMatching(/^'sha256-/),
      ]);
      // Besides it, a rendered page carries the held-taps script only.
      expect(html.match(/<script>/g)).toHaveLength(url === '/no-such-page' ? 1 : 2);
    }
  });

  it('leaves no async hook running once its renders are done, so API requests do not pay for one', async () => {
    // With a hook on (an AsyncLocalStorage entered and not disabled) every promise gets an async
    // id of its own; with none, a promise's callbacks run under the id of the code that awaited.
    const hooksOn = async () => {
      await Promise.resolve();
      const before = executionAsyncId();
      await Promise.resolve();
      return executionAsyncId() !== before;
    };
    expect(await hooksOn()).toBe(false);
    // Several at once, so one render ends while another still runs, and each still gets its data.
    const pages = await Promise.all(
      ['/novels', '/games', `/bookinfo/${bookId}`, '/square'].map(openRendered),
    );
    expect(rootOf(pages[2] ?? '')).toContain('星河剑歌');
    expect(rootOf(pages[3] ?? '')).toContain('今天抽到了传说皮肤');
    expect(await hooksOn()).toBe(false);
  });

  it('never serves the render module or the manifest to a browser', async () => {
    for (const url of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const res = await site.t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('export');
    }
  });
});

describe('a page render that fails or takes too long', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-page-render-broken-'));
  const index =
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-body--></body></html>';
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), index);
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(
      path.join(dist, 'server', 'entry-server.js'),
      [
        'export const warmUrls = [];',
        "export function renderBulletin() { return { markup: '', style: '', script: '' }; }",
        'export async function render(url) {',
        "  if (url.startsWith('/login')) throw new Error('window is not defined');",
        "  if (url.startsWith('/faq')) return new Promise(() => {});",
        "  if (url.startsWith('/old')) return { kind: 'redirect', status: 301, location: '/games' };",
        "  return { kind: 'page', title: 'T', page: 'x', html: '<p>rendered</p>', state: '{}' };",
        '}',
      ].join('\n'),
    );
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the page for the browser to render, logs the route once and never answers 500', async () => {
    expectWarnLog(/page render failed/);
    for (const url of ['/login', '/login?from=x', '/faq']) {
      const res = await requestPage(t, url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toMatch(/^<div id="root"><\/div>/);
      expect(pageState(res.body)).toBeNull();
    }
    const rendered = await requestPage(t, '/games');
    expect(rootOf(rendered.body)).toMatch(/^<div id="root"><p>rendered<\/p><\/div>/);
    expect(pageState(rendered.body)?.value).toEqual({});
    const moved = await requestPage(t, '/old');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/games');
  });
});

/** The inline scripts in the head of `html`, in order. */
function headScripts(html: string): string[] {
  return [...(html.split('</head>')[0] ?? '').matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1] ?? '');
}
