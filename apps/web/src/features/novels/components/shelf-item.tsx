import type { ReactNode } from 'react';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import './shelf-item.css';

interface ShelfItemProps {
  href: string | null;
  cover: string;
  title: string;
  /** Lines under the title (unit, percent, time). */
  lines: ReactNode[];
  /** A badge beside the title (更新N章). */
  badge?: ReactNode;
  /** Buttons at the end of the row (删除). */
  actions?: ReactNode;
  /** A 16:9 cover (a video's frame) instead of a 3:4 book cover. */
  wide?: boolean;
}

/** One row of 阅读记录 or 我的订阅: cover, title, details, and the row's own actions. */
export function ShelfItem({ href, cover, title, lines, badge, actions, wide = false }: ShelfItemProps) {
  const body = (
    <>
      <Image
        className={`shelf-item__cover${wide ? ' shelf-item__cover--wide' : ''}`}
        src={cover}
        alt={`《${title}》封面`}
        loading="lazy"
        width={wide ? 320 : 300}
        height={wide ? 180 : 400}
      />
      <span className="shelf-item__main">
        <span className="shelf-item__title">
          <span className="shelf-item__name">{title}</span>
          {badge}
        </span>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed per row
          <span key={i} className="shelf-item__line">
            {line}
          </span>
        ))}
      </span>
    </>
  );
  return (
    <div className="shelf-item">
      {href ? (
        <Link to={href} className="shelf-item__body">
          {body}
        </Link>
      ) : (
        <div className="shelf-item__body">{body}</div>
      )}
      {actions && <div className="shelf-item__actions">{actions}</div>}
    </div>
  );
}
