import { z } from 'zod';

// Comic episodes in the console (docs/decisions/0059-novels-and-comics-console.md): an episode is
// made from uploaded page images, ordered by file name on arrival and reorderable after.

/** Most pages one episode upload takes. */
export const MAX_EPISODE_PAGES = 200;

export const adminPageImageSchema = z.object({
  /** 1, 2, 3… in reading order. */
  index: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminPageImage = z.infer<typeof adminPageImageSchema>;

export const adminEpisodeSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  pages: z.array(adminPageImageSchema),
});
export type AdminEpisode = z.infer<typeof adminEpisodeSchema>;

export const adminEpisodeParams = z.object({
  id: z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数'),
  eid: z.coerce.number({ error: 'eid 须为正整数' }).int('eid 须为正整数').positive('eid 须为正整数'),
});

/** The multipart text field of an episode upload (sent before the pages). */
export const episodeTitle = z.string().trim().max(64, 'title 最多 64 字');

/** The pages in their new order: each current index once. */
export const reorderPagesBody = z.object({
  order: z
    .array(
      z.number({ error: 'order 须为页码列表' }).int('order 须为页码列表').positive('order 须为页码列表'),
      {
        error: 'order 须为页码列表',
      },
    )
    .min(1, 'order 不能为空')
    .max(MAX_EPISODE_PAGES, `order 最多 ${MAX_EPISODE_PAGES} 页`),
});
export type ReorderPagesBody = z.infer<typeof reorderPagesBody>;
