/**
 * A video card's cover width (px of the 375 px design), apart from the component so the server's
 * first data (app/first-data.ts) can name it.
 */
export const VIDEO_COVER_WIDTH = 176;
