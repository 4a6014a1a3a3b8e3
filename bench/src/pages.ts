import { type DemoLookup, firstOf } from './demo-lookup.ts';

export interface BenchPage {
  /** The name BENCH_PAGES selects it by (usually the route's meta name). */
  name: string;
  /** The path a new visitor opens; a function asks the running portal for a demo id first. */
  path: string | ((demo: DemoLookup) => Promise<string>);
}

/**
 * Every page Lighthouse and axe measure in `npm run bench` (issue 11), as a new visitor opens
 * it: logged out, first visit. A page is one line; a route with an id takes it from the first
 * record of a demo-content list endpoint (`firstOf(method, apiPath, field, params?)`), e.g.
 *   { name: 'bookinfo', path: firstOf('GET', '/v1/novel/list', 'id', (id) => `/bookinfo/${id}`) },
 */
export const BENCH_PAGES: BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'square', path: '/square' },
  { name: 'games', path: '/games' },
  { name: 'detail', path: firstOf('POST', '/web/game/list', 'appID', (id) => `/detail/${id}`) },
  { name: 'post', path: firstOf('GET', '/v1/square/post/list', 'id', (id) => `/post/${id}`) },
  { name: 'profile', path: '/profile' },
  { name: 'login', path: '/login' },
  { name: 'novels', path: '/novels' },
  { name: 'bookinfo', path: firstOf('GET', '/v1/novel/list', 'id', (id) => `/bookinfo/${id}`) },
  { name: 'bookmenu', path: firstOf('GET', '/v1/novel/list', 'id', (id) => `/bookmenu/${id}`) },
  {
    name: 'readbook',
    path: async (demo) => {
      const book = await firstOf('GET', '/v1/novel/list', 'id', (id) => id)(demo);
      return firstOf('GET', `/v1/novel/${book}/chapters`, 'id', (cid) => `/readbook/${book}/${cid}`)(demo);
    },
  },
  { name: 'checkin', path: '/checkin' },
  { name: 'activity', path: '/activity' },
  { name: 'welfare', path: '/welfare' },
  {
    name: 'video',
    // The demo videos are made in the background after start-up: waits for the first one.
    path: async (demo) => {
      for (let i = 0; ; i++) {
        try {
          return await firstOf('GET', '/v1/video/list', 'id', (id) => `/video/${id}`)(demo);
        } catch (error) {
          if (i >= 240) throw error;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
  },
  { name: 'animate', path: '/animate' },
  { name: 'comic', path: firstOf('GET', '/v1/comic/list', 'id', (id) => `/comic/${id}`) },
  {
    name: 'comicReader',
    path: async (demo) => {
      const comic = await firstOf('GET', '/v1/comic/list', 'id', (id) => id)(demo);
      return firstOf('GET', `/v1/comic/${comic}/episodes`, 'id', (eid) => `/comic/${comic}/${eid}`)(demo);
    },
  },
];

/** The pages named in BENCH_PAGES (comma list; all when unset), with their paths resolved. */
export async function selectPages(
  baseUrl: string,
  filter = process.env.BENCH_PAGES,
): Promise<Array<{ name: string; path: string }>> {
  const names = filter ? filter.split(',').map((n) => n.trim()) : BENCH_PAGES.map((p) => p.name);
  const unknown = names.filter((n) => !BENCH_PAGES.some((p) => p.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_PAGES: unknown page ${unknown.join(', ')} (known: ${BENCH_PAGES.map((p) => p.name).join(', ')})`,
    );
  }
  const demo: DemoLookup = { baseUrl };
  const selected = BENCH_PAGES.filter((p) => names.includes(p.name));
  return Promise.all(
    selected.map(async (p) => ({
      name: p.name,
      path: typeof p.path === 'string' ? p.path : await p.path(demo),
    })),
  );
}
