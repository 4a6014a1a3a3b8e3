/** A round avatar; without an image it shows the first character of the name on the theme colour. */
export function Avatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.45 };
  if (src)
    return <img className="avatar" src={src} alt={`${name || '用户'}的头像`} style={style} loading="lazy" />;
  return (
    <span className="avatar avatar--empty" role="img" aria-label={`${name || '用户'}的头像`} style={style}>
      {(name || '游').slice(0, 1)}
    </span>
  );
}
