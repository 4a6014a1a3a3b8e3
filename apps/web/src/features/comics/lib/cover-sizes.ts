/**
 * Comic cover widths (px of the 375 px design), apart from the components: a cover in the 色漫
 * grid, and the comic page's cover.
 */
export const COMIC_COVER_WIDTH = 112;
