// The invite poster's size and what it shows (poster.ts draws it; poster-draw.ts holds the drawing).

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1125;

export interface PosterInput {
  link: string;
  code: string;
  inviterName: string;
}
