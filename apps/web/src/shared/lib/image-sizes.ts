/**
 * The widths (px) the server makes of a stored image with `?w=` (docs/decisions/0031-image-sizes.md;
 * apps/server/src/platform/image-variants.ts keeps the same list). Any other width is refused.
 */
export const IMAGE_WIDTHS = [48, 64, 96, 128, 192, 256, 384, 512, 768, 1024] as const;

const STORED = /^\/uploads\/[^?#]+$/;

/** The smallest width of the list that covers `px` (the largest when none does). */
export function widthFor(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

/** A stored image (`/uploads/…`) at one of the widths; any other URL as it is. */
export function sizedUrl(src: string, width: number): string {
  return STORED.test(src) ? `${src}?w=${widthFor(width)}` : src;
}

/**
 * `srcset` of 1×, 2× and 3× copies of a stored image shown `displayWidth` px wide (px of the
 * 375 px design), each the smallest server width that covers it; the browser takes the one for
 * its pixel density. Undefined for a URL the server does not resize.
 */
export function densitySrcSet(src: string, displayWidth: number): string | undefined {
  if (!STORED.test(src)) return undefined;
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const density of [1, 2, 3]) {
    const width = widthFor(displayWidth * density);
    if (seen.has(width)) continue;
    seen.add(width);
    candidates.push(`${src}?w=${width} ${density}x`);
  }
  return candidates.join(', ');
}
