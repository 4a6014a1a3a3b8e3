// The content model's plain values (DESIGN §13), without zod, so the web's pages read the same
// kinds, bounds and defaults the server enforces without loading the schema library
// (`content.ts` holds the schemas).

/** The kinds of work; each URL segment (`/api/v1/novel/…`) is the kind itself. */
export const WORK_KINDS = ['novel', 'comic', 'video'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_TEXT: Record<WorkKind, string> = { novel: '小说', comic: '漫画', video: '视频' };

/** `sort` of a work list: 1 hot, 2 latest (by the latest unit), 3 finished (完结, by heat). */
export const WorkSort = { hot: 1, latest: 2, finished: 3 } as const;
export type WorkSortValue = (typeof WorkSort)[keyof typeof WorkSort];

/** `status` of a work: 0 连载 (still coming out), 1 完结. */
export const WorkStatus = { ongoing: 0, finished: 1 } as const;

export const CONTENT_LIMITS = {
  keywordMax: 50,
  /** Units per menu page (a 3,000-chapter book is six pages). */
  unitPageMax: 500,
  unitPageDefault: 100,
  /** Auto-unlock's daily cap, in diamonds. */
  dailyCapMax: 100_000,
  /** A client clock may run ahead of the server's by at most this much (progress `clientTime`). */
  clientTimeAheadMs: 24 * 3600 * 1000,
} as const;

/** Reader preferences (issue 8): bounds shared by the form and the server. */
export const READER_LIMITS = {
  fontSizeMin: 12,
  fontSizeMax: 32,
  lineHeightMin: 1.2,
  lineHeightMax: 3,
} as const;
export const READER_THEMES = ['white', 'sepia', 'green', 'night'] as const;
export const READER_MODES = ['scroll', 'page'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];
export type ReaderMode = (typeof READER_MODES)[number];

/** A new reader's preferences, until they choose their own. */
export const DEFAULT_READER: { fontSize: number; lineHeight: number; theme: ReaderTheme; mode: ReaderMode } =
  {
    fontSize: 18,
    lineHeight: 1.8,
    theme: 'white',
    mode: 'scroll',
  };
