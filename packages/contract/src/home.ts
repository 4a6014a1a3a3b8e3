import { z } from 'zod';
import { cursorField } from './envelope.ts';
import { HOME_LIMITS, SEARCH_KINDS } from './home-values.ts';

export type { SearchKind } from './home-values.ts';

// Home and the search across every kind (DESIGN §14, issue 10 §1):
//   GET /api/v1/home            → { banners, entries, sections }
//   GET /api/v1/search          keyword, kind?, cursor?, pageSize? → { keyword, groups }
//   GET /api/v1/search/suggest  keyword → { items } (titles as you type; games and works only)

const kindField = z.enum(SEARCH_KINDS, { error: `kind 须为 ${SEARCH_KINDS.join('、')} 之一` });

/**
 * One result, one section item. `id` is what the item's route takes: the appID of a game, the
 * row id of the rest; `path` is that route (`itemPath`), so clients need no table of routes. `title` of a post is the start of its text; `cover` is null
 * for a post without images; `subtitle` is the game's type, the work's author, the post's author.
 */
export const searchItemSchema = z.object({
  kind: kindField,
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  subtitle: z.string(),
  path: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const homeSectionSchema = z.object({
  kind: kindField,
  title: z.string(),
  /** The route of 更多. */
  more: z.string(),
  items: z.array(searchItemSchema),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

export const homeSchema = z.object({
  banners: z.array(z.object({ image: z.string(), alt: z.string(), to: z.string() })),
  entries: z.array(z.object({ key: z.string(), label: z.string(), to: z.string() })),
  /** Only kinds that have something to show and that operators show, in their order (SEARCH_KINDS order by default). */
  sections: z.array(homeSectionSchema),
});
export type Home = z.infer<typeof homeSchema>;

const keywordField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'keyword 须为文本' })
    .min(1, 'keyword 不能为空')
    .max(HOME_LIMITS.keywordMax, `keyword 最多 ${HOME_LIMITS.keywordMax} 个字`),
);

/** GET /api/v1/search: every kind (first items of each), or one `kind` page by page. */
export const searchQuery = z
  .object({
    keyword: keywordField,
    kind: z.preprocess((v) => (v === '' ? undefined : v), kindField.optional()),
    cursor: cursorField,
    pageSize: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'pageSize 必须是整数' })
        .int('pageSize 必须是整数')
        .min(1, 'pageSize 最小为 1')
        .max(HOME_LIMITS.pageSizeMax, `pageSize 最大为 ${HOME_LIMITS.pageSizeMax}`)
        .default(10),
    ),
  })
  .refine((q) => q.cursor === undefined || q.kind !== undefined, {
    path: ['cursor'],
    message: 'cursor 须与 kind 一起使用',
  });
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchGroupSchema = z.object({
  kind: kindField,
  title: z.string(),
  /** Matches of this kind (a post count stops at 10,000). */
  total: z.number().int(),
  items: z.array(searchItemSchema),
  /** With `kind`, the next page of this group; null at the end. */
  nextCursor: z.string().nullable(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchAnswer = z.object({
  keyword: z.string(),
  /** Over every kind: the kinds that matched. With `kind`: that one group, even empty. */
  groups: z.array(searchGroupSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const suggestQuery = z.object({ keyword: keywordField });
export const suggestAnswer = z.object({ items: z.array(searchItemSchema) });
export type SuggestAnswer = z.infer<typeof suggestAnswer>;
