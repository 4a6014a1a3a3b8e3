/**
 * A game card's icon width in each layout (px of the 375 px design): half the list in the grid,
 * 4rem in the list. Apart from the card.
 */
export const ICON_WIDTH = { grid: 171, list: 64 } as const;
