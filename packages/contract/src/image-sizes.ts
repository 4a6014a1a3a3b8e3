// The widths a stored image is served at (docs/decisions/0031-image-sizes.md), without zod: the
// server makes only these (`?w=`), and the web and the server's first screen ask for them.

/** The widths (px) the server makes of a stored image with `?w=`; any other width is refused. */
export const IMAGE_WIDTHS = [48, 64, 96, 128, 192, 256, 384, 512, 768, 1024] as const;

/** The smallest width of the list that covers `px` (the largest when none does). */
export function widthFor(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

/**
 * The server widths of the 1×, 2× and 3× copies of an image shown `displayWidth` px wide (px of
 * the 375 px design): each the smallest width that covers it, a width already taken left out.
 */
export function densityWidths(displayWidth: number): Array<{ width: number; density: number }> {
  const seen = new Set<number>();
  const candidates: Array<{ width: number; density: number }> = [];
  for (const density of [1, 2, 3]) {
    const width = widthFor(displayWidth * density);
    if (seen.has(width)) continue;
    seen.add(width);
    candidates.push({ width, density });
  }
  return candidates;
}

/** `srcset` of those copies of the stored image at `src`. */
export function densitySrcSet(src: string, displayWidth: number): string {
  return densityWidths(displayWidth)
    .map(({ width, density }) => `${src}?w=${width} ${density}x`)
    .join(', ');
}
