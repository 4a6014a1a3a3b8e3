// The square's limits as the web needs them at run time. The contract's SQUARE_LIMITS lives in a
// zod module, which would pull zod into these pages; limits.test.ts keeps both in step.

export const POST_CONTENT_MAX = 2000;
export const POST_IMAGES_MAX = 9;
export const KEYWORD_MAX = 50;
/** The server refuses uploads above 5 MB; the form refuses them first. */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const SORT_HOT = 1;
export const SORT_LATEST = 2;
export type Sort = typeof SORT_HOT | typeof SORT_LATEST;
export const PAGE_SIZE = 10;
/** The word list the client checks against (spec §9: pageSize 99). */
export const SENSITIVE_WORDS_PAGE_SIZE = 99;
