import { type ImgHTMLAttributes, useState } from 'react';
import { failedBeforeHydration } from '../lib/failed-images';
import { densitySrcSet, sizedUrl } from '../lib/image-sizes';
import './image.css';

/** A transparent pixel: the element keeps its size and classes while the placeholder shows behind it. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  alt: string;
  /**
   * The width it is shown at, in px of the 375 px design (its CSS width in rem × 16). A stored
   * image (`/uploads/…`) is then fetched at that size from the server, with 2× and 3× copies in
   * `srcset` for denser screens (docs/decisions/0031-image-sizes.md).
   */
  displayWidth?: number;
  /**
   * The first image a page shows above the fold (its largest content): fetched at once and with
   * high priority, and decoded in the frame that paints it (`decoding="sync"`), so it shows with
   * the page's first paint when it has arrived by then, not a frame or more later (a loaded cover
   * decoded off the main thread was painted 90 ms after the text in Lighthouse's traces). Every
   * other image waits until it nears the screen (`loading="lazy"`) and decodes asynchronously.
   */
  priority?: boolean;
};

/**
 * An <img> that shows a neutral picture placeholder instead of the browser's broken-image glyph
 * when its URL fails (a removed upload, a bad link from the server). It keeps its alt text.
 * Give it `width`/`height` (or a CSS aspect-ratio) so nothing moves when it arrives.
 */
export function Image({
  src,
  alt,
  className,
  onError,
  displayWidth,
  priority = false,
  loading,
  fetchPriority,
  decoding,
  ...rest
}: ImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const isBroken = brokenSrc === src;
  const srcSet = !isBroken && displayWidth ? densitySrcSet(src, displayWidth) : undefined;
  const shown = displayWidth ? sizedUrl(src, displayWidth) : src;
  return (
    <img
      {...rest}
      alt={alt}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={fetchPriority ?? (priority ? 'high' : undefined)}
      decoding={decoding ?? (priority ? 'sync' : 'async')}
      srcSet={srcSet}
      src={isBroken ? BLANK : shown}
      className={isBroken ? `${className ?? ''} ld-image--broken`.trim() : className}
      ref={(img) => {
        // Failed before React hydrated it (app/early-events-boot.js): its error event is past.
        if (img && !isBroken && failedBeforeHydration(img)) setBrokenSrc(src);
      }}
      data-src={isBroken ? src : undefined}
      onError={(e) => {
        if (!isBroken) setBrokenSrc(src);
        onError?.(e);
      }}
    />
  );
}
