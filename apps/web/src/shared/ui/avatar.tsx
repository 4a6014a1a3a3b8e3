import { useState } from 'react';

/**
 * A round avatar; without an image, or when the image fails to load, it shows the first
 * character of the name on the theme colour.
 */
export function Avatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  // px at the 375 design width, in rem so the avatar scales with the page (spec §9).
  const style = { width: `${size / 16}rem`, height: `${size / 16}rem`, fontSize: `${(size * 0.45) / 16}rem` };
  const label = `${name || '用户'}的头像`;
  if (src && src !== brokenSrc)
    return (
      <img
        className="avatar"
        src={src}
        alt={label}
        style={style}
        loading="lazy"
        onError={() => setBrokenSrc(src)}
      />
    );
  return (
    <span className="avatar avatar--empty" role="img" aria-label={label} style={style}>
      {(name || '游').slice(0, 1)}
    </span>
  );
}
