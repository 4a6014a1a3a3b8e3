import { densitySrcSet as srcSetOf, widthFor } from '@ld/contract/image-sizes';

// The server's widths and the choice among them are the contract's (docs/decisions/0031-image-sizes.md):
// the server makes only those widths, and its first screen preloads the same candidates.

const STORED = /^\/uploads\/[^?#]+$/;

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
  return STORED.test(src) ? srcSetOf(src, displayWidth) : undefined;
}
