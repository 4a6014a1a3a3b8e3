/**
 * Cover widths (px of the 375 px design), apart from the components: a cover in the 书城's three-column grid, and the book page's
 * cover (6.5rem).
 */
export const COVER_WIDTH = 112;
export const BOOK_COVER_WIDTH = 104;
