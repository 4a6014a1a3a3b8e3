import { z } from 'zod';
import { adjacentUnitSchema } from './content.ts';
import { commentListQuery, createCommentBody, feedQuery } from './square.ts';

// Comics (DESIGN §13, issue 9): the shared content model (`content.ts`) plus an episode's panels
// and the comments on an episode and on the work (the square's comment engine, `comments.ts`).
//
// The shared calls, answered as for novels with kind `comic`:
//   GET  /api/v1/comic/list · /api/v1/comic/categories · /api/v1/comic/{id} (reads only)
//   POST /api/v1/comic/{id}/view                       (workViewBody → workViewSchema: the page's view, once per viewer and day)
//   GET  /api/v1/comic/{id}/episodes                   (unit menu: order, cursor, from, pageSize ≤ 500)
//   POST /api/v1/comic/{id}/unit/{eid}/unlock          ({ charged, coinNum })
//   POST · DELETE /api/v1/comic/{id}/subscribe
//   PUT  /api/v1/progress { kind: 'comic', workId, unitId, position: { panel, offset }, clientTime }

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${name} 须为正整数`);

/** The paths of the comic calls (under `/api`), for clients and tests. */
export const COMIC_PATHS = {
  list: '/api/v1/comic/list',
  categories: '/api/v1/comic/categories',
  work: (id: number) => `/api/v1/comic/${id}`,
  view: (id: number) => `/api/v1/comic/${id}/view`,
  episodes: (id: number) => `/api/v1/comic/${id}/episodes`,
  episode: (id: number, eid: number) => `/api/v1/comic/${id}/episode/${eid}`,
  unlock: (id: number, eid: number) => `/api/v1/comic/${id}/unit/${eid}/unlock`,
  subscribe: (id: number) => `/api/v1/comic/${id}/subscribe`,
  /** GET (list, `commentListQuery`) · POST (write, `createCommentBody`). */
  episodeComments: (id: number, eid: number) => `/api/v1/comic/${id}/episode/${eid}/comments`,
  /** GET replies · DELETE · POST/DELETE `/like` below it. */
  episodeComment: (id: number, eid: number, commentId: number) =>
    `/api/v1/comic/${id}/episode/${eid}/comments/${commentId}`,
  workComments: (id: number) => `/api/v1/comic/${id}/comments`,
  workComment: (id: number, commentId: number) => `/api/v1/comic/${id}/comments/${commentId}`,
} as const;

/** Path of GET /api/v1/comic/{id}/episode/{eid} and its comments. */
export const episodeParams = z.object({ id: positiveId('id'), eid: positiveId('eid') });
/** …/episode/{eid}/comments/{commentId}[/replies|/like] */
export const episodeCommentParams = episodeParams.extend({ commentId: positiveId('commentId') });
/** /api/v1/comic/{id}/comments/{commentId}[/replies|/like] */
export const comicCommentParams = z.object({ id: positiveId('id'), commentId: positiveId('commentId') });

/**
 * One panel of an episode's vertical strip. `url` is a stored image (`/uploads/…`, no query): the
 * client asks for the width it shows with `?w=` (docs/decisions/0031-image-sizes.md). `width` and
 * `height` are the stored image's pixels, known before it loads, so the page never jumps.
 */
export const panelSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Panel = z.infer<typeof panelSchema>;

/** GET /api/v1/comic/{id}/episode/{eid}; a locked episode answers code 1005 `{ price, vip, coinNum }`. */
export const episodeSchema = z.object({
  id: z.number().int(),
  workId: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  /** Top to bottom; the panel index of a comic position (`{ panel, offset }`) counts from 0. */
  panels: z.array(panelSchema),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
  /** The previous episode's title, price and whether it is open to the caller, shown before it is opened. */
  prev: adjacentUnitSchema.nullable(),
  /** The next episode's title, price and whether it is open to the caller, shown before it is opened. */
  next: adjacentUnitSchema.nullable(),
  /** Comments on this episode, replies included. */
  commentCount: z.number().int(),
  price: z.number().int(),
  vip: z.boolean(),
  /** Diamonds charged by this call: auto-unlock bought the episode on opening. */
  charged: z.number().int(),
});
export type Episode = z.infer<typeof episodeSchema>;

/**
 * Comments on an episode (scope `comic:{id}:{eid}`) and on the work (scope `comic:{id}`), through
 * the square's engine: the answers are `@ld/contract/comments` (`threadCommentPageSchema`,
 * `threadReplyPageSchema`, `threadCommentSchema` with `slot` 0) and `likeAnswer`.
 * GET …/comments?sort=1|2&cursor=|currentPage=&pageSize=
 */
export const comicCommentListQuery = commentListQuery;
export type ComicCommentListQuery = z.infer<typeof comicCommentListQuery>;
/** GET …/comments/{commentId}/replies?cursor=&pageSize= (oldest first). */
export const comicReplyQuery = feedQuery;
/** POST …/comments { content, replyCommentId? }; a sensitive word answers 1004. */
export const createComicCommentBody = createCommentBody;
export type CreateComicCommentBody = z.infer<typeof createComicCommentBody>;
