import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { densitySrcSet } from '@ld/contract/image-sizes';
import { requestKey } from '@ld/contract/request-key';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFirstFrames } from '../src/platform/first-frame.ts';

// docs/decisions/0043-phone-speed.md: a route's first requests, resolved for an address, and the
// page with their answers and its largest images' preloads. No database: the map and answers are given.
describe('first data of a route', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-first-data-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const route = (p: string, name: string, data: unknown[] = []) => ({
    path: p,
    name,
    documentTitle: name,
    html: `<p>${name}</p>`,
    modules: [],
    styles: [],
    data,
  });
  fs.writeFileSync(
    path.join(dist, 'route-map.json'),
    JSON.stringify({
      routes: [
        route('', 'home'),
        route('games/:type?', 'games', [
          { method: 'GET', path: '/v1/game/types' },
          {
            method: 'POST',
            path: '/web/game/list',
            fields: { type: ':type', pageSize: 10 },
            images: { list: 'records', field: 'icon', count: 2, displayWidth: 171 },
          },
        ]),
        route('detail/:id', 'detail', [
          {
            method: 'POST',
            path: '/web/game/detail',
            fields: { appID: ':id' },
            images: { list: 'screenshots', count: 2, displayWidth: 140 },
          },
        ]),
        route('bookinfo/:id', 'bookinfo', [
          { method: 'GET', path: '/v1/novel/:id', images: { field: 'cover', count: 1, displayWidth: 104 } },
        ]),
        route('video/:id', 'video', [
          { method: 'GET', path: '/v1/video/:id', images: { field: 'cover', count: 1 } },
        ]),
      ],
    }),
  );
  const index = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
  const frames = loadFirstFrames(dist, index);
  if (!frames) throw new Error('no frames');

  it('resolves the route’s parameters into the requests, digits only', () => {
    expect(frames.dataRequestsFor('/games/3?from=home')).toEqual([
      { method: 'GET', url: '/v1/game/types', key: 'GET /v1/game/types', images: undefined },
      {
        method: 'POST',
        url: '/web/game/list',
        form: 'type=3&pageSize=10',
        key: 'POST /web/game/list?pageSize=10&type=3',
        images: { list: 'records', field: 'icon', count: 2, displayWidth: 171 },
      },
    ]);
    // An absent optional parameter drops its field; one that is not digits drops the request.
    expect(frames.dataRequestsFor('/games')[1].key).toBe('POST /web/game/list?pageSize=10');
    expect(frames.dataRequestsFor('/games/x%22').map((r) => r.key)).toEqual(['GET /v1/game/types']);
    expect(frames.dataRequestsFor('/bookinfo/12')[0].url).toBe('/v1/novel/12');
    expect(frames.dataRequestsFor('/bookinfo/abc')).toEqual([]);
    expect(frames.dataRequestsFor('/login')).toEqual([]);
  });

  it('keys requests and sizes images with the contract the web client uses', () => {
    expect(requestKey('GET', '/v1/novel/list', { sort: '1', keyword: '', appID: '2008' }, 2008)).toBe(
      'GET /v1/novel/list?sort=1',
    );
    // A game's own appID on its page is kept, as the web client keeps it.
    expect(requestKey('POST', '/web/game/detail', { appID: '50001' }, 2008)).toBe(
      'POST /web/game/detail?appID=50001',
    );
    // The web's <Image displayWidth={171}> asks for these candidates.
    expect(densitySrcSet('/uploads/games/1/icon.webp', 171)).toBe(
      '/uploads/games/1/icon.webp?w=192 1x, /uploads/games/1/icon.webp?w=384 2x, /uploads/games/1/icon.webp?w=768 3x',
    );
  });

  it('embeds the answers safely and preloads the stored images they name', () => {
    const requests = frames.dataRequestsFor('/games');
    const list = {
      code: 0,
      data: {
        records: [
          { icon: '/uploads/games/1/icon.webp', name: '</script><script>alert(1)</script>' },
          { icon: 'https://elsewhere.example/x.png' },
          { icon: '/uploads/games/3/icon.webp' },
        ],
      },
    };
    const page = frames.withData(frames.pageFor('/games'), requests, { [requests[1].key]: list });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${densitySrcSet('/uploads/games/1/icon.webp', 171)}">`,
    );
    // Only stored images, only the first `count` items.
    expect(head.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect(page).not.toContain('</script><script>');
    const block = /<script type="application\/json" id="ld-first-data">([^<]*)<\/script>/.exec(page);
    expect(JSON.parse(block?.[1] ?? '{}')).toEqual({ [requests[1].key]: list });
    // Nothing answered: the page as it was.
    expect(frames.withData(frames.pageFor('/games'), requests, {})).toBe(frames.pageFor('/games'));
  });

  it('preloads images a list holds as paths (a game’s screenshots), keyed by the game’s appID', () => {
    const requests = frames.dataRequestsFor('/detail/50001');
    expect(requests.map((r) => [r.key, r.form])).toEqual([
      ['POST /web/game/detail?appID=50001', 'appID=50001'],
    ]);
    const shots = [
      '/uploads/games/50001/shot-1.webp',
      '/uploads/games/50001/shot-2.webp',
      '/uploads/games/50001/shot-3.webp',
    ];
    const page = frames.withData(frames.pageFor('/detail/50001'), requests, {
      [requests[0].key]: { code: 0, data: { screenshots: shots } },
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.match(/rel="preload" as="image"[^>]*>/g)).toEqual([
      `rel="preload" as="image" fetchpriority="high" imagesrcset="${densitySrcSet(shots[0], 140)}">`,
      `rel="preload" as="image" fetchpriority="high" imagesrcset="${densitySrcSet(shots[1], 140)}">`,
    ]);
    // The first-data block holds the answer under the same key the web client looks for.
    expect(page).toContain('"POST /web/game/detail?appID=50001"');
  });

  it('preloads an image shown as stored (a video’s poster) by its address, once', () => {
    const requests = frames.dataRequestsFor('/video/7');
    expect(requests.map((r) => r.key)).toEqual(['GET /v1/video/7']);
    const answers = {
      [requests[0].key]: { code: 0, data: { id: 7, cover: '/uploads/video-covers/ab.webp' } },
    };
    const page = frames.withData(frames.pageFor('/video/7'), requests, answers);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/video-covers/ab.webp">',
    ]);
    // No variant to make ahead: the page shows the stored file.
    expect(frames.preloadedImages(requests, answers)).toEqual([
      { src: '/uploads/video-covers/ab.webp', widths: [] },
    ]);
    // The server render's own preload of it (a locked video's eager cover) is not repeated.
    const rendered = frames.pageFor(
      '/video/7',
      '<link rel="preload" as="image" href="/uploads/video-covers/ab.webp" fetchPriority="high"/><div inert="">x</div>',
    );
    const once = frames.withData(rendered, requests, answers);
    expect(once.match(/<link rel="preload"[^>]*video-covers\/ab\.webp/g)).toHaveLength(1);
  });
});
