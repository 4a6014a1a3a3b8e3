import { DEFAULT_PAGE_SIZE as POSTS_PAGE_SIZE } from '@ld/contract/defaults';
import { SquareSort } from '@ld/contract/square-values';
import { EPISODE_PAGE } from '../features/comics/api/get-comic';
import { COMIC_PAGE_SIZE } from '../features/comics/api/get-comics';
import { COMIC_COVER_WIDTH } from '../features/comics/lib/cover-sizes';
import { PANEL_DISPLAY_WIDTH } from '../features/comics/lib/strip';
import { GAMES_PAGE_SIZE } from '../features/games/api/get-games';
import { ICON_WIDTH } from '../features/games/lib/icon-sizes';
import { SHOT_WIDTH, SHOWN_AT_ONCE } from '../features/games/lib/screenshot-sizes';
import { GIFT_STRIP_SIZE } from '../features/gifts/api/get-gift-center';
import { CHAPTER_BLOCK } from '../features/novels/api/get-chapters';
import { NOVEL_PAGE_SIZE } from '../features/novels/api/get-novels';
import { BOOK_COVER_WIDTH, COVER_WIDTH } from '../features/novels/lib/cover-sizes';
import { VIDEO_PAGE_SIZE } from '../features/videos/api/get-videos';
import { VIDEO_COVER_WIDTH } from '../features/videos/lib/cover-sizes';

/**
 * A first API request of a route's page as a guest makes it (docs/decisions/0043-phone-speed.md):
 * the server answers it inside the HTML of that route, so the page's data arrives with the page.
 * `path` is the API path after /api; a field or path part `:name` takes the route's parameter of
 * that name (digits only; an optional one left out when absent). The description must give the
 * same request as the page's API function (shared/http/first-data.ts keys both); one that does
 * not is simply not used (the page then asks the network as before).
 */
export interface FirstRequest {
  method: 'GET' | 'POST';
  path: string;
  fields?: Record<string, string | number>;
  /**
   * The page's largest images above the fold, found in the answer: the server preloads them with
   * the HTML at the same `srcset` the page's <Image displayWidth> asks for, so they load beside the
   * code instead of after the first render. `list` names the array in `data` (absent: `data` is
   * the item), `field` the stored image's path in an item (absent: the items are the paths),
   * `count` how many items from the top. Without `displayWidth` the page shows the stored image as
   * it is, with no `srcset` (a `<video poster>`): it is preloaded by its own address.
   */
  images?: { list?: string; field?: string; count: number; displayWidth?: number };
}

/**
 * By route name (routes.ts): pages whose first screen needs no data at all, a guest's form. The
 * server renders them without first data (docs/decisions/0044-server-rendered-first-screen.md),
 * so their own text, not a skeleton, is what the phone paints first.
 */
export const RENDERED_WITHOUT_DATA: ReadonlySet<string> = new Set(['login', 'register', 'loginOther']);

/**
 * By route name (routes.ts): pages whose static first frame the phone paints before it asks for
 * any of the app's code, as it paints a server-rendered screen (the boot script starts the app
 * after that paint). Home's frame holds its largest paint (the first banner); 我的's is its
 * frame with the start-up bulletin over it on a first visit, and its app start, which would
 * otherwise run before that paint, is then no longer in front of it. Other frames are skeletons
 * whose content needs the app: their code downloads with the HTML.
 */
export const FRAME_PAINTS_ALONE: ReadonlySet<string> = new Set(['home', 'profile']);

/** By route name (routes.ts). Only routes whose first screen waits on data. */
export const FIRST_DATA: Record<string, FirstRequest[]> = {
  games: [
    { method: 'GET', path: '/v1/game/types' },
    {
      method: 'POST',
      path: '/web/game/list',
      fields: { type: ':type', pageSize: GAMES_PAGE_SIZE },
      // The grid (a first visit's layout): its two rows above the fold, as the page's priority icons.
      images: { list: 'records', field: 'icon', count: 4, displayWidth: ICON_WIDTH.grid },
    },
  ],
  detail: [
    {
      method: 'POST',
      path: '/web/game/detail',
      // The game's own appID (the route's id), which the request key keeps.
      fields: { appID: ':id' },
      // The screenshots shown at once: the page's largest images.
      images: { list: 'screenshots', count: SHOWN_AT_ONCE, displayWidth: SHOT_WIDTH },
    },
    { method: 'POST', path: '/web/game/detail/giftlist', fields: { appID: ':id' } },
  ],
  novels: [
    { method: 'GET', path: '/v1/novel/categories' },
    {
      method: 'GET',
      path: '/v1/novel/list',
      fields: { sort: 1, pageSize: NOVEL_PAGE_SIZE },
      images: { list: 'records', field: 'cover', count: 3, displayWidth: COVER_WIDTH },
    },
  ],
  // A work's detail (novel, comic, video) only reads (docs/decisions/0046-video-views-apart.md):
  // each work page counts its view with a call of its own, so the server asking here counts nothing.
  bookinfo: [
    {
      method: 'GET',
      path: '/v1/novel/:id',
      images: { field: 'cover', count: 1, displayWidth: BOOK_COVER_WIDTH },
    },
    {
      method: 'GET',
      path: '/v1/novel/:id/chapters',
      fields: { order: 'asc', from: 1, pageSize: CHAPTER_BLOCK },
    },
  ],
  bookmenu: [
    { method: 'GET', path: '/v1/novel/:id' },
    {
      method: 'GET',
      path: '/v1/novel/:id/chapters',
      fields: { order: 'asc', from: 1, pageSize: CHAPTER_BLOCK },
    },
  ],
  readbook: [
    { method: 'GET', path: '/v1/novel/:id/chapter/:cid' },
    { method: 'GET', path: '/v1/novel/:id' },
  ],
  square: [
    { method: 'GET', path: '/v1/square/post/list', fields: { sort: 1, pageSize: POSTS_PAGE_SIZE } },
    { method: 'GET', path: '/v1/gift/center', fields: { currentPage: 1, pageSize: GIFT_STRIP_SIZE } },
  ],
  animate: [
    { method: 'GET', path: '/v1/comic/categories' },
    {
      method: 'GET',
      path: '/v1/comic/list',
      fields: { sort: 1, pageSize: COMIC_PAGE_SIZE },
      // The grid's first row: the page's priority covers.
      images: { list: 'records', field: 'cover', count: 3, displayWidth: COMIC_COVER_WIDTH },
    },
  ],
  post: [
    { method: 'GET', path: '/v1/square/post/:id' },
    {
      method: 'GET',
      path: '/v1/square/post/:id/comment/list',
      fields: { sort: SquareSort.hot, pageSize: POSTS_PAGE_SIZE },
    },
  ],
  comic: [
    {
      method: 'GET',
      path: '/v1/comic/:id',
      images: { field: 'cover', count: 1, displayWidth: COMIC_COVER_WIDTH },
    },
    { method: 'GET', path: '/v1/comic/:id/episodes', fields: { order: 'asc', pageSize: EPISODE_PAGE } },
  ],
  welfare: [
    { method: 'GET', path: '/v1/video/categories' },
    {
      method: 'GET',
      path: '/v1/video/list',
      fields: { sort: 1, pageSize: VIDEO_PAGE_SIZE },
      // The first two rows of the grid, the first screen (the page's eager covers).
      images: { list: 'records', field: 'cover', count: 4, displayWidth: VIDEO_COVER_WIDTH },
    },
  ],
  video: [
    {
      method: 'GET',
      path: '/v1/video/:id',
      // The poster, the page's largest paint: `<video poster>` (or a locked video's cover) shows
      // the stored cover as it is.
      images: { field: 'cover', count: 1 },
    },
  ],
  checkin: [{ method: 'GET', path: '/v1/checkin' }],
  activity: [{ method: 'GET', path: '/v1/activity/list', fields: { status: 'ongoing' } }],
  comicReader: [
    {
      method: 'GET',
      path: '/v1/comic/:id/episode/:eid',
      // The top panel, the page's largest paint (its variants made while the page is sent). A panel
      // too tall for a resized copy is shown as stored (`panelDisplayWidth`): only the first panel
      // of such an episode would be asked twice.
      images: { list: 'panels', field: 'url', count: 1, displayWidth: PANEL_DISPLAY_WIDTH },
    },
    { method: 'GET', path: '/v1/comic/:id' },
  ],
};
