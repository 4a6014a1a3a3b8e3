// The square's plain values (DESIGN §6), without zod, so the web's pages read the same numbers the
// server enforces without loading the schema library (`square.ts` holds the schemas).

/** Limits of the community square; the web form and the server read the same numbers. */
export const SQUARE_LIMITS = {
  postContentMax: 2000,
  commentContentMax: 500,
  imagesMax: 9,
  /** Replies shown under each top-level comment in a comment list (楼中楼 preview). */
  repliesPreview: 3,
  suggestionsMax: 10,
  keywordMax: 50,
} as const;

/** `sort`: 1 hot, 2 latest (DESIGN §6). */
export const SquareSort = { hot: 1, latest: 2 } as const;
export type SquareSortValue = (typeof SquareSort)[keyof typeof SquareSort];

/** Characters as a person counts them (an emoji is one): how both sides measure a post or a comment. */
export const charCount = (text: string): number => [...text].length;
