import { z } from 'zod';
import {
  progressSchema,
  unitLockedSchema,
  type WorkView,
  type WorkViewBody,
  workSchema,
  workViewBody,
  workViewSchema,
} from './content.ts';

// Videos (DESIGN §13, issue 9 §3; docs/decisions/0038-videos.md). A video is a work of kind
// `video` with a single unit whose id is the video's own id: unlock is
// POST /api/v1/video/{id}/unit/{id}/unlock and progress is PUT /api/v1/progress
// { kind: 'video', workId: id, unitId: id, position: { second }, clientTime }.
//
// Routes (answers are the envelope's `data`):
//   GET    /api/v1/video/list            workListQuery (category, keyword, sort, currentPage|cursor, pageSize) → videoPageSchema
//   GET    /api/v1/video/categories      → [{ id, name }]
//   GET    /api/v1/video/{id}            → videoDetailSchema (a locked video: unlocked false, src null; never 1005); reads only
//   POST   /api/v1/video/{id}/view       workViewBody (deviceId) → workViewSchema: counts the page view (once per viewer and day; content.ts)
//   POST   /api/v1/video/{id}/unit/{id}/unlock → { charged, coinNum } (1001 on too little balance)
//   POST · DELETE /api/v1/video/{id}/subscribe → null
//   GET    /api/v1/video/{id}/file?expires&sig  the MP4 with HTTP Range (the detail's `src`, signed, expiring)
//   PUT    /api/v1/progress              position { second }
// Shared calls (subscriptions, history, reading settings) answer videos with kind 'video'.

/** Route paths, for the web's API client. */
export const VIDEO_PATHS = {
  list: '/api/v1/video/list',
  categories: '/api/v1/video/categories',
  detail: (id: number) => `/api/v1/video/${id}`,
  view: (id: number) => `/api/v1/video/${id}/view`,
  unlock: (id: number) => `/api/v1/video/${id}/unit/${id}/unlock`,
  subscribe: (id: number) => `/api/v1/video/${id}/subscribe`,
  progress: '/api/v1/progress',
} as const;

/** A card of the video list: the work list fields plus the video's own. */
export const videoListItemSchema = workSchema.extend({
  /** Seconds, with decimals (e.g. 6.04). */
  duration: z.number(),
  /** Diamonds; 0 is free. */
  price: z.number().int(),
  /** Free for members (others pay `price`). */
  vip: z.boolean(),
});
export type VideoListItem = z.infer<typeof videoListItemSchema>;

export const videoPageSchema = z.object({
  records: z.array(videoListItemSchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type VideoPage = z.infer<typeof videoPageSchema>;

/** GET /api/v1/video/{id}. */
export const videoDetailSchema = videoListItemSchema.extend({
  intro: z.string(),
  /** The single unit's id: the video's own id (DESIGN §13). */
  unitId: z.number().int(),
  subscribed: z.boolean(),
  /** The caller's saved place (`position.second`), or null. */
  progress: progressSchema.nullable(),
  /** The caller may watch it now: free, bought, a member on a VIP video (or auto-unlock bought it). */
  unlocked: z.boolean(),
  /**
   * The MP4 (H.264/AAC) URL for `<video src>`: signed and expiring (a few hours), served with
   * HTTP Range. Null while the video is locked for the caller.
   */
  src: z.string().nullable(),
  /** When locked: what opening it takes (the data code 1005 would carry); null when unlocked. */
  locked: unitLockedSchema.nullable(),
  /** Diamonds auto-unlock charged by this call (0 mostly). */
  charged: z.number().int(),
  /** The next video of the same category (for 下一个), or null. */
  next: videoListItemSchema.nullable(),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

/**
 * POST /api/v1/video/{id}/view: the shared view call of every kind of work (content.ts,
 * `workViewBody` / `workViewSchema`), under the names the video client has used since 0046.
 */
export const videoViewBody = workViewBody;
export type VideoViewBody = WorkViewBody;
export const videoViewSchema = workViewSchema;
export type VideoView = WorkView;

/** Query of the signed file route. */
export const videoFileQuery = z.object({
  expires: z.string({ error: 'expires 无效' }).regex(/^\d{1,12}$/, 'expires 无效'),
  sig: z.string({ error: 'sig 无效' }).regex(/^[0-9a-f]{64}$/, 'sig 无效'),
});
