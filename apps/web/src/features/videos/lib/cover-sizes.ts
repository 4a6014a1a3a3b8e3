/**
 * A video card's cover width (px of the 375 px design), apart from the component.
 */
export const VIDEO_COVER_WIDTH = 176;
