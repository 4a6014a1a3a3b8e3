import { z } from 'zod';
import { cursorPageOf, pageQuery } from './envelope.ts';

// The content model shared by novels, comics and videos (DESIGN §13, docs/decisions/0026): a work
// has ordered units; a unit is free, VIP (free for members, else its price) or priced. Each kind
// adds its own unit body (paragraphs, panels, a video source) in its own file.

import {
  CONTENT_LIMITS,
  READER_LIMITS,
  READER_MODES,
  READER_THEMES,
  WORK_KINDS,
  type WorkSortValue,
} from './content-values.ts';

export {
  CONTENT_LIMITS,
  DEFAULT_READER,
  READER_LIMITS,
  READER_MODES,
  READER_THEMES,
  type ReaderMode,
  type ReaderTheme,
  WORK_KIND_TEXT,
  WORK_KINDS,
  type WorkKind,
  WorkSort,
  type WorkSortValue,
  WorkStatus,
} from './content-values.ts';

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${name} 须为正整数`);
const nonNegativeInt = (name: string, max = 1_000_000_000) =>
  z
    .number({ error: `${name} 须为不小于 0 的整数` })
    .int(`${name} 须为不小于 0 的整数`)
    .min(0, `${name} 须为不小于 0 的整数`)
    .max(max, `${name} 最大为 ${max}`);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const cursorField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'cursor 须为文本' })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor 无效，请从第一页重新加载')
    .optional(),
);
const kindField = z.enum(WORK_KINDS, { error: `kind 须为 ${WORK_KINDS.join('、')} 之一` });

/** Paths. */
export const workParams = z.object({ id: positiveId('id') });
export const unitParams = z.object({ id: positiveId('id'), unitId: positiveId('unitId') });
export const historyEntryParams = z.object({ kind: kindField, workId: positiveId('workId') });

/** GET /api/v1/{kind}/list */
export const workListQuery = pageQuery.extend({
  category: z.preprocess(blankToUndefined, positiveId('category').optional()),
  keyword: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'keyword 须为文本' })
      .trim()
      .max(CONTENT_LIMITS.keywordMax, `keyword 最多 ${CONTENT_LIMITS.keywordMax} 字`)
      .optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'sort 须为 1（热门）、2（最新）或 3（完结）' })
      .refine((v) => v === 1 || v === 2 || v === 3, 'sort 须为 1（热门）、2（最新）或 3（完结）')
      .transform((v) => v as WorkSortValue)
      .default(1),
  ),
  cursor: cursorField,
});
export type WorkListQuery = z.infer<typeof workListQuery>;

/** GET /api/v1/novel/{id}/chapters · /api/v1/comic/{id}/episodes */
export const unitListQuery = z.object({
  order: z.preprocess(
    blankToUndefined,
    z.enum(['asc', 'desc'], { error: 'order 须为 asc（正序）或 desc（倒序）' }).default('asc'),
  ),
  cursor: cursorField,
  /** Start at this unit index (inclusive, in `order`): 跳到当前章. A `cursor` takes precedence. */
  from: z.preprocess(blankToUndefined, positiveId('from').optional()),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'pageSize 须为整数' })
      .int('pageSize 须为整数')
      .min(1, 'pageSize 最小为 1')
      .max(CONTENT_LIMITS.unitPageMax, `pageSize 最大为 ${CONTENT_LIMITS.unitPageMax}`)
      .default(CONTENT_LIMITS.unitPageDefault),
  ),
});
export type UnitListQuery = z.infer<typeof unitListQuery>;

/** GET /api/v1/subscriptions · /api/v1/history: by kind or all, newest first, by cursor. */
export const shelfQuery = z.object({
  kind: z.preprocess(blankToUndefined, kindField.optional()),
  cursor: cursorField,
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'pageSize 须为整数' })
      .int('pageSize 须为整数')
      .min(1, 'pageSize 最小为 1')
      .max(100, 'pageSize 最大为 100')
      .default(20),
  ),
});
export type ShelfQuery = z.infer<typeof shelfQuery>;

/** DELETE /api/v1/history: clears every entry, or those of one kind. */
export const clearHistoryQuery = z.object({ kind: z.preprocess(blankToUndefined, kindField.optional()) });

/** Positions inside a unit (DESIGN §13). */
export const novelPosition = z.object(
  {
    paragraph: nonNegativeInt('position.paragraph', 100_000),
    offset: nonNegativeInt('position.offset', 1_000_000),
  },
  { error: 'position 须为 { paragraph, offset }' },
);
export const comicPosition = z.object(
  {
    panel: nonNegativeInt('position.panel', 100_000),
    offset: nonNegativeInt('position.offset', 1_000_000),
  },
  { error: 'position 须为 { panel, offset }' },
);
export const videoPosition = z.object(
  {
    second: z
      .number({ error: 'position.second 须为不小于 0 的数' })
      .min(0, 'position.second 须为不小于 0 的数')
      .max(1_000_000, 'position.second 最大为 1000000'),
  },
  { error: 'position 须为 { second }' },
);
export type NovelPosition = z.infer<typeof novelPosition>;
export type ComicPosition = z.infer<typeof comicPosition>;
export type VideoPosition = z.infer<typeof videoPosition>;
export type Position = NovelPosition | ComicPosition | VideoPosition;
export const POSITION_OF_KIND = { novel: novelPosition, comic: comicPosition, video: videoPosition } as const;

/** PUT /api/v1/progress (JSON). `position` is checked against `kind` (a novel's is `{ paragraph, offset }`). */
export const progressBody = z
  .object({
    kind: kindField,
    workId: positiveId('workId'),
    unitId: positiveId('unitId'),
    // Required, whatever its shape (checked against kind below): zod's own message for a missing
    // z.unknown() is English and names no rule.
    position: z.custom<unknown>((value) => value !== undefined, {
      error: 'position 必填：小说为 { paragraph, offset }，漫画为 { panel, offset }，视频为 { second }',
    }),
    clientTime: z
      .number({ error: 'clientTime 须为毫秒时间戳（整数）' })
      .int('clientTime 须为毫秒时间戳（整数）')
      .positive('clientTime 须为毫秒时间戳（整数）')
      .max(Number.MAX_SAFE_INTEGER, 'clientTime 须为毫秒时间戳（整数）'),
  })
  .transform((body, ctx) => {
    const parsed = POSITION_OF_KIND[body.kind].safeParse(body.position);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['position', ...issue.path] });
      }
      return z.NEVER;
    }
    return { ...body, position: parsed.data as Position };
  });
export type ProgressBody = z.infer<typeof progressBody>;

/** Reader preferences, remembered per user. */
export const readerPreferences = z.object({
  fontSize: z
    .number({ error: 'reader.fontSize 须为整数' })
    .int('reader.fontSize 须为整数')
    .min(READER_LIMITS.fontSizeMin, `reader.fontSize 最小为 ${READER_LIMITS.fontSizeMin}`)
    .max(READER_LIMITS.fontSizeMax, `reader.fontSize 最大为 ${READER_LIMITS.fontSizeMax}`),
  lineHeight: z
    .number({ error: 'reader.lineHeight 须为数字' })
    .min(READER_LIMITS.lineHeightMin, `reader.lineHeight 最小为 ${READER_LIMITS.lineHeightMin}`)
    .max(READER_LIMITS.lineHeightMax, `reader.lineHeight 最大为 ${READER_LIMITS.lineHeightMax}`)
    .refine((v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, {
      message: 'reader.lineHeight 最多一位小数',
    }),
  theme: z.enum(READER_THEMES, { error: `reader.theme 须为 ${READER_THEMES.join('、')} 之一` }),
  mode: z.enum(READER_MODES, { error: `reader.mode 须为 ${READER_MODES.join('、')} 之一` }),
});
export type ReaderPreferences = z.infer<typeof readerPreferences>;

export const autoUnlockSettings = z.object(
  {
    enabled: z.boolean({ error: 'autoUnlock.enabled 须为 true 或 false' }),
    dailyCap: z
      .number({ error: 'autoUnlock.dailyCap 须为不小于 0 的整数' })
      .int('autoUnlock.dailyCap 须为不小于 0 的整数')
      .min(0, 'autoUnlock.dailyCap 须为不小于 0 的整数')
      .max(CONTENT_LIMITS.dailyCapMax, `autoUnlock.dailyCap 最大为 ${CONTENT_LIMITS.dailyCapMax}`),
  },
  { error: 'autoUnlock 须为 { enabled, dailyCap }' },
);

/** PUT /api/v1/reading/settings (JSON): either part, or both; a missing part is left as it was. */
export const readingSettingsBody = z
  .object({
    autoUnlock: autoUnlockSettings.optional(),
    reader: readerPreferences.partial().optional(),
  })
  .refine((b) => b.autoUnlock !== undefined || b.reader !== undefined, {
    message: 'autoUnlock 或 reader 至少填写一项',
    path: ['autoUnlock'],
  });
export type ReadingSettingsBody = z.infer<typeof readingSettingsBody>;

export const readingSettingsSchema = z.object({
  autoUnlock: autoUnlockSettings.extend({
    /** Diamonds spent on units today (the Asia/Shanghai day), which the cap counts. */
    todaySpent: z.number().int(),
  }),
  reader: readerPreferences,
});
export type ReadingSettings = z.infer<typeof readingSettingsSchema>;

/** Answers. */
export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type WorkCategory = z.infer<typeof categorySchema>;

export const latestUnitSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  updateTime: z.string(),
});

export const workSchema = z.object({
  id: z.number().int(),
  kind: kindField,
  title: z.string(),
  author: z.string(),
  cover: z.string(),
  category: categorySchema,
  tags: z.array(z.string()),
  /** 0 连载, 1 完结. */
  status: z.number().int(),
  unitCount: z.number().int(),
  latestUnit: latestUnitSchema.nullable(),
  viewCount: z.number().int(),
});
export type Work = z.infer<typeof workSchema>;
export const workPageSchema = cursorPageOf(workSchema);

export const progressSchema = z.object({
  kind: kindField,
  workId: z.number().int(),
  unitId: z.number().int(),
  unitIndex: z.number().int(),
  unitTitle: z.string(),
  position: z.union([novelPosition, comicPosition, videoPosition]),
  clientTime: z.number().int(),
  /** How far into the work, 0–100, by unit. */
  percent: z.number().int(),
  readTime: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;

export const workDetailSchema = workSchema.extend({
  intro: z.string(),
  /** Novels only: the book's length in characters. */
  wordCount: z.number().int().nullable(),
  subscribed: z.boolean(),
  progress: progressSchema.nullable(),
});
export type WorkDetail = z.infer<typeof workDetailSchema>;

/**
 * Body of POST /api/v1/{novel|comic|video}/{id}/view, a work page's one call per page view
 * (docs/decisions/0046-video-views-apart.md): a guest's device id (the SDK's deviceID), so a
 * guest's view counts once per device and day; without one the client address stands in. A
 * logged-in caller's view is theirs whatever it sends.
 */
export const workViewBody = z.object({
  deviceId: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'deviceId 须为文本' })
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'deviceId 须为 1–64 位字母、数字或 _.:-')
      .optional(),
  ),
});
export type WorkViewBody = z.infer<typeof workViewBody>;

/** Answer of POST /api/v1/{novel|comic|video}/{id}/view. */
export const workViewSchema = z.object({
  /** The work's views, this one included. */
  viewCount: z.number().int(),
  /** Whether this call added a view (false: the viewer was already counted today). */
  counted: z.boolean(),
});
export type WorkView = z.infer<typeof workViewSchema>;

export const unitSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  /** Diamonds; 0 is free. */
  price: z.number().int(),
  /** Free for members (others pay `price`). */
  vip: z.boolean(),
  /** The caller may open it now: free, bought, or a member on a VIP unit. */
  unlocked: z.boolean(),
  /** At or before the caller's reading position. */
  read: z.boolean(),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitPageSchema = z.object({
  records: z.array(unitSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type UnitPage = z.infer<typeof unitPageSchema>;

/**
 * The unit just before or after the one read (`prev`, `next` of the chapter and episode answers): its
 * title and what it costs, so the reader can name it and say its price before it is opened (DESIGN §13).
 */
export const adjacentUnitSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  vip: z.boolean(),
  unlocked: z.boolean(),
});
export type AdjacentUnit = z.infer<typeof adjacentUnitSchema>;

/** The data of code 1005. `coinNum` is null for a guest. */
export const unitLockedSchema = z.object({
  price: z.number().int(),
  vip: z.boolean(),
  coinNum: z.number().int().nullable(),
});
export type UnitLocked = z.infer<typeof unitLockedSchema>;

export const unlockAnswer = z.object({ charged: z.number().int(), coinNum: z.number().int() });
export type UnlockAnswer = z.infer<typeof unlockAnswer>;

export const subscriptionSchema = workSchema.extend({
  /** Units that came out since the caller last read (or subscribed, if never read). */
  newUnits: z.number().int(),
  progress: progressSchema.nullable(),
  subscribeTime: z.string(),
});
export const subscriptionPageSchema = z.object({
  records: z.array(subscriptionSchema),
  nextCursor: z.string().nullable(),
});

export const historyEntrySchema = workSchema.extend({ progress: progressSchema });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = z.object({
  records: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
});
