import type { PosterInput } from './poster-values';

// The invite poster (DESIGN §14): drawn on a canvas, the link as a QR code, saved as a PNG. The
// drawing and the QR encoder (npm qrcode) are one chunk, loaded on demand (poster-draw.ts).

export { POSTER_HEIGHT, POSTER_WIDTH, type PosterInput } from './poster-values';

/** Draws the poster and answers it as a PNG (the drawing and its QR encoder load on first use). */
export async function drawPoster(input: PosterInput): Promise<Blob> {
  const draw = await import('./poster-draw');
  return draw.drawPoster(input);
}
