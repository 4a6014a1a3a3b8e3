// A comment's limits as the web needs them at run time (the contract's SQUARE_LIMITS lives in a zod
// module, which would pull zod into these pages; square/lib/limits.test.ts keeps both in step).

/** The server refuses a longer comment: the box says so before sending. */
export const COMMENT_CONTENT_MAX = 500;
/** Threads and replies asked for at a time. */
export const COMMENT_PAGE_SIZE = 10;
