import { type ImgHTMLAttributes, useState } from 'react';
import './image.css';

/** A transparent pixel: the element keeps its size and classes while the placeholder shows behind it. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type ImageProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/**
 * An <img> that shows a neutral picture placeholder instead of the browser's broken-image glyph
 * when its URL fails (a removed upload, a bad link from the server). It keeps its alt text.
 */
export function Image({ src, alt, className, onError, ...rest }: ImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const isBroken = brokenSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={isBroken ? BLANK : src}
      className={isBroken ? `${className ?? ''} ld-image--broken`.trim() : className}
      data-src={isBroken ? src : undefined}
      onError={(e) => {
        if (!isBroken) setBrokenSrc(src);
        onError?.(e);
      }}
    />
  );
}
