import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity } from '../src/modules/activities/service.ts';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';
import { createComic, createComicCategory } from './helpers/comics.ts';
import { createCategory, createNovel } from './helpers/content.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { createGame, createType } from './helpers/money.ts';
import { insertSquareFixtures, newComment, newPost } from './helpers/square.ts';
import { createVideo, createVideoCategory, drawClip, removeClips } from './helpers/videos.ts';
import { requestPage, rootOf, useWebBuild } from './helpers/web-build.ts';

// docs/decisions/0044-server-rendered-first-screen.md: what a phone paints before any script has
// run is the page itself, with its data from the database, rendered by the web app's components.

describe('the server-rendered first screen on the real SPA build', () => {
  let bookId: number;
  let comic: { workId: number; unitIds: number[] };
  let activityStart = 0;
  let postId = 0;
  let game: { id: number; appId: number };
  let freeVideo: { id: number; cover: string };
  let pricedVideo: { id: number; cover: string };
  afterAll(() => removeClips());
  const site = useWebBuild({
    prefix: 'ld-ssr-dist-',
    async seed(t) {
      const category = await createCategory(t, '玄幻');
      ({ workId: bookId } = await createNovel(t, {
        chapters: 5,
        categoryId: category,
        title: '星河剑歌',
        author: '青衫客',
        hot: 900,
      }));
      await createNovel(t, { chapters: 3, categoryId: category, title: '夜行<b>', author: '北山', hot: 500 });
      comic = await createComic(t, {
        episodes: 3,
        free: 3,
        categoryId: await createComicCategory(t, '热血漫'),
        title: '山海少年',
      });
      const videoCategory = await createVideoCategory(t, '治愈日常');
      const clip = await drawClip('ssr-player.mp4', { seconds: 2 });
      freeVideo = await createVideo(t, clip, { categoryId: videoCategory, title: '樱花之约', views: 20 });
      pricedVideo = await createVideo(t, clip, { categoryId: videoCategory, title: '付费的夜', price: 15 });
      game = await createGame(t, {
        typeId: await createType(t, '休闲'),
        name: '泡泡龙大作战',
        tags: ['消除'],
      });
      const { tagIds } = await insertSquareFixtures(t.app);
      const author = await registerUser(t.app);
      postId = await newPost(t.app, author, '星海战纪抽卡建议：保底前别乱抽', tagIds[1]);
      await newComment(t.app, await registerUser(t.app), postId, '说得对，攒够再抽');
      const now = t.clock.now();
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
      await createActivity(
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

  /**
   * The page once the server has rendered it: the first request after start may find the render
   * over its budget (this build's development React, the start-up warm-up still running) and get
   * the frame; the finished render is kept for the next request.
   */
  const openRendered = async (url: string) => {
    for (let attempt = 0; ; attempt++) {
      const html = await open(url);
      if (html.includes('<div inert=""') || attempt === 20) return html;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('paints the 书城 with the books of the database, inert until React takes over', async () => {
    const root = rootOf(await openRendered('/novels'));
    expect(root).toMatch(/^<div id="root"><div inert="" class="app-root app-root--mobile">/);
    expect(root).not.toContain('class="first-frame');
    expect(root).toContain('<span class="novel-card__title">星河剑歌</span>');
    expect(root).toContain('<span class="novel-card__author">青衫客</span>');
    // Text from the database is escaped, never markup.
    expect(root).toContain('夜行&lt;b&gt;');
    expect(root).not.toContain('夜行<b>');
    // The category tab from the database, and a real link to the book.
    expect(root).toContain('>玄幻</button>');
    expect(root).toContain(`href="/bookinfo/${bookId}"`);
  });

  it('brings the queries the 书城 was rendered from, so the browser’s first render is that screen', async () => {
    const root = rootOf(await openRendered('/novels'));
    const match = root.match(/<script type="application\/json" id="ld-screen-queries">(.*?)<\/script>/);
    expect(match).not.toBeNull();
    // No text from the database can close the tag: `<` is written as its JSON escape.
    expect(match?.[1]).not.toContain('<');
    const queries = JSON.parse(match?.[1] ?? '[]') as Array<{ key: unknown[]; data: unknown; at: number }>;
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(Array.isArray(query.key)).toBe(true);
      expect(query.at).toBeGreaterThan(0);
    }
    const text = JSON.stringify(queries.map((q) => q.data));
    expect(text).toContain('星河剑歌');
    expect(text).toContain('夜行<b>');
  });

  it('paints a book’s page with its title, author and chapters', async () => {
    const root = rootOf(await openRendered(`/bookinfo/${bookId}`));
    expect(root).toContain('inert=""');
    expect(root).toContain('星河剑歌');
    expect(root).toContain('青衫客');
    expect(root).toContain('一本测试用的小说。');
    // Its cover at the srcset the page's preload in <head> names, eager, with fixed dimensions.
    expect(root).toMatch(
      /<img[^>]*width="\d+" height="\d+"[^>]*loading="eager"[^>]*srcSet="\/uploads\/novels\/test\/cover\.webp\?w=/,
    );
  });

  it('fetches none of the app’s code before a rendered screen has painted: its boot script adds it after', async () => {
    const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = [...built.matchAll(/<script type="module" crossorigin src="([^"]+)">/g)].map((m) => m[1]);
    expect(entry.length).toBeGreaterThan(0);
    const map = JSON.parse(fs.readFileSync(path.join(dist, 'route-map.json'), 'utf8')) as {
      boot: string;
      routes: Array<{ path: string; modules: string[]; styles: string[] }>;
    };
    const novels = map.routes.find((r) => r.path === 'novels');
    expect(novels?.modules.length).toBeGreaterThan(0);

    const html = await openRendered('/novels');
    expect(rootOf(html)).toContain('inert=""');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('<link rel="preload" as="style"');
    const boot =
      /<script defer src="([^"]+)" data-scripts="([^"]*)" data-modules="([^"]*)" data-styles="([^"]*)"><\/script>/.exec(
        html,
      );
    expect(boot?.[1]).toBe(map.boot);
    // The same chunks, in the build's order: the entry's scripts, then the route's own.
    expect(boot?.[2].split(' ')).toEqual(entry);
    expect(boot?.[3].split(' ')).toEqual(novels?.modules);
    expect(boot?.[4].split(' ').filter(Boolean)).toEqual(novels?.styles);

    // Served like any hashed asset: as JavaScript, cached for a year, small.
    const script = await site.t.app.inject({ method: 'GET', url: map.boot });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.body.length).toBeLessThan(1024);
  });

  it('keeps the entry’s scripts and the route’s preloads on a page with only its frame', async () => {
    const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = [...built.matchAll(/<script type="module" crossorigin src="[^"]+"><\/script>/g)].map(
      (m) => m[0],
    );
    const map = JSON.parse(fs.readFileSync(path.join(dist, 'route-map.json'), 'utf8')) as {
      boot: string;
      routes: Array<{ path: string; modules: string[] }>;
    };
    const faq = map.routes.find((r) => r.path === 'faq');
    expect(faq?.modules.length).toBeGreaterThan(0);
    const html = await open('/faq');
    expect(rootOf(html)).toContain('class="first-frame');
    for (const tag of entry) expect(html).toContain(tag);
    for (const href of faq?.modules ?? [])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${href}">`);
    expect(html).not.toContain(map.boot);
  });

  // Each page with first data is rendered from it: had a description drifted from the page's
  // request, the server render (which answers only from those envelopes) would show no data.
  it('paints a book’s menu with the rows of its first screen', async () => {
    const root = rootOf(await openRendered(`/bookmenu/${bookId}`));
    expect(root).toContain('inert=""');
    // All five chapters fit on a phone's first screen: each is a row of the list, in order.
    const rows = [...root.matchAll(/<li class="book-menu__row"[^>]*aria-posinset="(\d+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(['1', '2', '3', '4', '5']);
  });

  it('paints a post with its text and its first comments', async () => {
    const root = rootOf(await openRendered(`/post/${postId}`));
    expect(root).toContain('inert=""');
    expect(root).toContain('星海战纪抽卡建议：保底前别乱抽');
    expect(root).toContain('说得对，攒够再抽');
    expect(root).toContain('id="ld-screen-queries"');
  });

  it('paints a game’s page by its own appID, with its screenshots preloaded', async () => {
    const html = await openRendered(`/detail/${game.appId}`);
    const root = rootOf(html);
    expect(root).toContain('inert=""');
    expect(root).toContain('泡泡龙大作战');
    expect(root).toContain('游戏简介');
    expect(root).toContain('一款测试游戏');
    // The page's largest image, the first screenshot, loads with the HTML.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image"[^>]*shot-1\.webp\?w=/);
    // Another game's address is that game, not the one rendered before.
    expect(rootOf(await open('/detail/1'))).not.toContain('泡泡龙大作战');
  });

  it('paints the login and register forms, which need no data, with their own text', async () => {
    const login = rootOf(await openRendered('/login?redirect=%2Fprofile'));
    expect(login).toContain('inert=""');
    expect(login).toMatch(/<form class="acc-card"/);
    expect(login).toContain('忘记密码？可以用绑定的手机号');
    // The address's query string is the page's own (the register link keeps where to return).
    expect(login).toContain('href="/register?redirect=%2Fprofile"');
    const register = rootOf(await openRendered('/register'));
    expect(register).toContain('inert=""');
    expect(register).toMatch(/<form class="acc-card"/);
  });

  it('paints 色漫’s cover grid with places in CSS from the grid’s width, so any phone gets its size', async () => {
    const root = rootOf(await openRendered('/animate'));
    expect(root).toContain('inert=""');
    expect(root).toContain('山海少年');
    // The grid is its cells' container; a cell's place and width come from its width (cqw), not
    // from a width the server guessed.
    expect(root).toMatch(/<ul class="cover-grid"[^>]*style="[^"]*container-type:inline-size/);
    const cell = root.match(/<li class="cover-grid__item"[^>]*style="([^"]*)"/);
    expect(cell?.[1]).toContain('100cqw');
    expect(cell?.[1]).not.toMatch(/\d px|\dpx/);
  });

  it('paints a comic’s page and 福利 with what the database holds', async () => {
    const detail = rootOf(await openRendered(`/comic/${comic.workId}`));
    expect(detail).toContain('inert=""');
    expect(detail).toContain('山海少年');
    expect(detail).toContain('一部测试用的漫画。');
    expect(detail).toContain(`href="/comic/${comic.workId}/${comic.unitIds[0]}"`);

    expect(rootOf(await openRendered('/welfare'))).toContain('>治愈日常</button>');
  });

  it('paints the comic reader’s first panel at its size in CSS, as an eager image preloaded with the HTML', async () => {
    const html = await openRendered(`/comic/${comic.workId}/${comic.unitIds[0]}`);
    const root = rootOf(html);
    expect(root).toContain('inert=""');
    expect(root).toContain('第1话 测试');
    // Every panel has its box, sized from its own ratio at the column's width, not from a width the
    // server guessed (TEST_PANEL_HEIGHTS at 720 px wide).
    const boxes = [...root.matchAll(/<div class="comic-panel" data-panel="(\d)" style="([^"]*)"/g)];
    expect(boxes.map((m) => [m[1], m[2]])).toEqual([
      ['0', 'aspect-ratio:720 / 800'],
      ['1', 'aspect-ratio:720 / 2400'],
      ['2', 'aspect-ratio:720 / 600'],
    ]);
    expect(root).not.toMatch(/class="comic-strip__panels"[^>]*style=/);
    // The first panel is the first screen's picture: eager, high priority, the app's srcset; the
    // panels below the first screen wait for the app.
    const first = root.match(/<div class="comic-panel" data-panel="0"[^>]*>(<img[^>]*>)/)?.[1] ?? '';
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    expect(first).toMatch(/srcSet="[^"]*\/e1\/p0\.webp\?w=384 1x, [^"]*\?w=768 2x/);
    expect(root).not.toMatch(/<div class="comic-panel" data-panel="2"[^>]*><img/);
    // Its preload is at the top of <head>, once.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image"[^>]*\/e1\/p0\.webp\?w=384/g)).toHaveLength(1);
  });

  it('paints check-in with today’s reward and the activity centre with its activities', async () => {
    const status = await site.t.app.inject({ method: 'GET', url: '/api/v1/checkin' });
    const reward = status.json().data.cycle[0].reward as number;
    const checkin = rootOf(await openRendered('/checkin'));
    expect(checkin).toContain('inert=""');
    expect(checkin).toContain(`今日签到可得 ${reward} 蓝钻`);
    expect(checkin).toContain('七日签到奖励');

    const activity = rootOf(await openRendered('/activity'));
    expect(activity).toContain('冬日阅读季');
    expect(activity).toContain('读书赢蓝钻');
    // Its times in the users' clock (Asia/Shanghai), whatever the server's own zone.
    const shanghai = new Date(activityStart + 8 * 3_600_000);
    const hhmm = [shanghai.getUTCHours(), shanghai.getUTCMinutes()].map((n) => String(n).padStart(2, '0'));
    expect(activity).toContain(
      `${shanghai.getUTCMonth() + 1}月${shanghai.getUTCDate()}日 ${hhmm.join(':')} - `,
    );
  });

  it('carries the start-up bulletin, closed, with the script that opens it allowed by its hash alone', async () => {
    const map = JSON.parse(fs.readFileSync(path.join(dist, 'route-map.json'), 'utf8')) as {
      bulletin: { script: string; styles: string[] };
    };
    for (const url of ['/novels', '/profile', '/login', '/no-such-page']) {
      const response = await site.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const html = response.body;
      const dialog = /<dialog id="boot-bulletin"[^>]*>(.*?)<\/dialog>/.exec(html);
      // Closed (no `open`): the inline script decides, from this visitor's storage.
      expect(dialog?.[0]).toMatch(
        /^<dialog id="boot-bulletin" class="boot-bulletin" aria-labelledby="boot-bulletin-title" tabindex="-1">/,
      );
      expect(dialog?.[1]).toContain('冬季维护公告');
      expect(dialog?.[1]).toContain('<p>今晚 23:00 维护</p>');
      expect(dialog?.[1]).toContain('今日不再提示');
      expect(dialog?.[1]).toContain('我知道了');
      // The operator's HTML is cleaned as the API cleans it.
      expect(dialog?.[1]).not.toContain('alert(1)');
      expect(dialog?.[1]).not.toContain('onclick');
      // Outside #root (React's first commit replaces #root), after the page, before its data.
      expect(html.indexOf('<dialog')).toBeGreaterThan(html.indexOf('<div id="root">'));
      expect(html.indexOf('<dialog')).toBeLessThan(html.indexOf('</body>'));
      const after = html.slice(html.indexOf('</dialog>') + '</dialog>'.length);
      expect(after.startsWith(`<script>${map.bulletin.script}</script>`)).toBe(true);
      // Its look comes inline before it: the app's dialog stylesheet.
      expect(map.bulletin.styles.length).toBeGreaterThan(0);
      const before = html.slice(0, html.indexOf('<dialog'));
      expect(before).toMatch(/<style>[^<]*\.boot-bulletin[^<]*<\/style>$/);

      // The page's policy allows that one inline script, by its hash, and no other.
      const hash = crypto.createHash('sha256').update(map.bulletin.script).digest('base64');
      const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
      expect(html.match(/<script>/g)).toHaveLength(1);
    }
    // Other responses keep the policy without it.
    const api = await site.t.app.inject({ method: 'GET', url: '/api/v1/bulletin?posType=1' });
    expect(/script-src ([^;]*)/.exec(String(api.headers['content-security-policy']))?.[1]).toBe("'self'");
  });

  it('counts no view for the HTML of a book’s page, its reader, a comic’s page or its reader, whoever asks', async () => {
    // docs/decisions/0046-video-views-apart.md, "Novels and comics too": the details the server asks
    // for the first data only read; the pages count their views with POST /view.
    const viewsOf = async (id: number) =>
      Number(
        (
          await site.t.deps.db.kysely
            .selectFrom('works')
            .select('view_count')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).view_count,
      );
    const before = { book: await viewsOf(bookId), comic: await viewsOf(comic.workId) };
    const user = await registerUser(site.t.app);
    const chapterId = (
      await site.t.deps.db.kysely
        .selectFrom('units')
        .select('id')
        .where('work_id', '=', bookId)
        .orderBy('idx')
        .executeTakeFirstOrThrow()
    ).id;
    const pages = [
      `/bookinfo/${bookId}`,
      `/readbook/${bookId}/${chapterId}`,
      `/comic/${comic.workId}`,
      `/comic/${comic.workId}/${comic.unitIds[0]}`,
    ];
    for (const url of pages) {
      await openRendered(url);
      const asUser = await site.t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', uid: user.uid, token: user.token },
      });
      expect(asUser.statusCode).toBe(200);
    }
    expect({ book: await viewsOf(bookId), comic: await viewsOf(comic.workId) }).toEqual(before);
  });

  describe('the player (docs/decisions/0046-video-views-apart.md)', () => {
    const viewsOf = async (id: number) =>
      Number(
        (
          await site.t.deps.db.kysely
            .selectFrom('works')
            .select('view_count')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).view_count,
      );
    const firstData = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="ld-first-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}',
      );
    const countView = (id: number, opts: { deviceId?: string; account?: { uid: string; token: string } }) =>
      site.t.app.inject({
        method: 'POST',
        url: `/api/v1/video/${id}/view`,
        payload: new URLSearchParams({
          appID: '2008',
          ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.account ?? {}) },
      });

    it('paints the player with its title, its poster preloaded first in <head>, and its detail as first data', async () => {
      const html = await openRendered(`/video/${freeVideo.id}`);
      const root = rootOf(html);
      expect(root).toContain('inert=""');
      expect(root).toContain('<h1 class="video-page__title">樱花之约</h1>');
      expect(root).toContain('一段测试用的视频。');
      expect(root).toMatch(new RegExp(`<video[^>]*poster="${freeVideo.cover}"`));
      const head = html.slice(0, html.indexOf('</head>'));
      // The poster, the page's largest paint, is asked for with the HTML, as the <video> names it.
      expect(head.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
        `<link rel="preload" as="image" fetchpriority="high" href="${freeVideo.cover}">`,
      ]);
      expect(head.indexOf('rel="preload" as="image"')).toBeLessThan(head.indexOf('<script'));
      // The guest's detail, under the key the web client's request has (no device id).
      expect(firstData(html)[`GET /v1/video/${freeVideo.id}`]).toMatchObject({
        code: 0,
        data: { id: freeVideo.id, title: '樱花之约', cover: freeVideo.cover },
      });
    });

    it('paints a locked video’s cover and price, its one preload the render’s own', async () => {
      const html = await openRendered(`/video/${pricedVideo.id}`);
      const root = rootOf(html);
      expect(root).toContain('付费的夜');
      expect(root).toContain('登录后购买');
      expect(root).not.toContain('<video');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(new RegExp(`<link rel="preload"[^>]*${pricedVideo.cover}`, 'g'))).toHaveLength(1);
    });

    it('counts no view for the page’s HTML, whoever asks; the page’s own call counts once per viewer', async () => {
      const id = freeVideo.id;
      const before = await viewsOf(id);
      const user = await registerUser(site.t.app);
      // Pages asked for again and again, as a guest and with a logged-in visitor's headers.
      for (let i = 0; i < 3; i++) {
        await openRendered(`/video/${id}`);
        const asUser = await site.t.app.inject({
          method: 'GET',
          url: `/video/${id}?deviceId=device-html`,
          headers: { accept: 'text/html', uid: user.uid, token: user.token },
        });
        expect(asUser.statusCode).toBe(200);
      }
      expect(await viewsOf(id)).toBe(before);

      // The guest's page counts its view by its device, once.
      expect((await countView(id, { deviceId: 'device-ssr-1' })).json().data).toEqual({
        viewCount: before + 1,
        counted: true,
      });
      expect((await countView(id, { deviceId: 'device-ssr-1' })).json().data.counted).toBe(false);
      // The logged-in viewer who reloads counts once, by account, and never again as a guest.
      expect((await countView(id, { account: user })).json().data).toEqual({
        viewCount: before + 2,
        counted: true,
      });
      await openRendered(`/video/${id}`);
      expect((await countView(id, { account: user })).json().data.counted).toBe(false);
      expect(await viewsOf(id)).toBe(before + 2);
      // The next visitor's HTML shows the count as it is.
      const html = await openRendered(`/video/${id}`);
      expect(firstData(html)[`GET /v1/video/${id}`].data.viewCount).toBe(before + 2);
      expect(await viewsOf(id)).toBe(before + 2);
    });
  });

  it('gives an unknown book or video, an unknown path, a page that needs login or has no first data its static first frame', async () => {
    for (const url of ['/bookinfo/999999999', '/video/999999999', '/no-such-page', '/recharge', '/']) {
      const root = rootOf(await open(url));
      expect(root, url).toContain('class="first-frame');
      expect(root, url).not.toContain('inert=""');
    }
  });
});

describe('a server render that fails', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-ssr-broken-'));
  const index = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), index);
    // Each page with a first request the API answers (the categories, an empty list here).
    const route = (p: string, name: string) => ({
      path: p,
      name,
      documentTitle: name,
      html: `<p class="first-frame">${name}</p>`,
      modules: [],
      styles: [],
      data: [{ method: 'GET', path: '/v1/novel/categories' }],
    });
    fs.writeFileSync(
      path.join(dist, 'route-map.json'),
      JSON.stringify({
        routes: [route('', 'home'), route('login', 'login'), route('faq', 'faq'), route('games', 'games')],
      }),
    );
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(
      path.join(dist, 'ssr', 'server-render.js'),
      [
        'export async function render(url) {',
        "  if (url.startsWith('/login')) throw new Error('window is not defined');",
        "  if (url.startsWith('/faq')) return new Promise(() => {});",
        "  return '<p>rendered</p>';",
        '}',
      ].join('\n'),
    );
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const open = (url: string) => requestPage(t, url);

  it('serves the route’s frame instead, logs the route once and never answers 500', async () => {
    expectWarnLog(/server render failed/);
    for (const url of ['/login', '/login?from=x']) {
      const res = await open(url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toMatch(/^<div id="root"><p class="first-frame">login<\/p><\/div>/);
    }
    // A render that takes too long is not waited for.
    const slow = await open('/faq');
    expect(slow.statusCode).toBe(200);
    expect(rootOf(slow.body)).toContain('<p class="first-frame">faq</p>');
    expect(rootOf((await open('/games')).body)).toContain('<p>rendered</p>');
  });

  it('never serves the render module to a browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ssr/server-render.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('export async function render');
  });
});
