/**
 * The screenshot strip of a game's page: each shot's width (px of the 375 px design, 8.75rem) and
 * how many show before scrolling sideways.
 */
export const SHOT_WIDTH = 140;
export const SHOWN_AT_ONCE = 2;
