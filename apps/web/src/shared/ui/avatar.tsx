import { useState } from 'react';
import { failedBeforeHydration } from '../lib/failed-images';
import { densitySrcSet, sizedUrl } from '../lib/image-sizes';
import { pxToRem } from '../lib/rem';

/**
 * A round avatar; without an image, or when the image fails to load, it shows the first
 * character of the name on the theme colour.
 */
export function Avatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const style = { width: pxToRem(size), height: pxToRem(size), fontSize: pxToRem(size * 0.45) };
  const label = `${name || '用户'}的头像`;
  if (src && src !== brokenSrc)
    return (
      <img
        className="avatar"
        srcSet={densitySrcSet(src, size)}
        src={sizedUrl(src, size)}
        alt={label}
        width={size}
        height={size}
        style={style}
        loading="lazy"
        onError={() => setBrokenSrc(src)}
        ref={(img) => {
          // Failed before React hydrated it (app/early-events-boot.js): its error event is past.
          if (img && failedBeforeHydration(img)) setBrokenSrc(src);
        }}
      />
    );
  return (
    <span className="avatar avatar--empty" role="img" aria-label={label} style={style}>
      {(name || '游').slice(0, 1)}
    </span>
  );
}
