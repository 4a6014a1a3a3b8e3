import type { Work } from '@ld/contract/content';
import { memo } from 'react';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { COMIC_COVER_WIDTH } from '../lib/cover-sizes';
import { statusText } from '../lib/format';

/**
 * One comic in the 色漫 grid: cover (3:4, lazy, placeholder when broken), title, latest episode.
 * `priority`: the first row's cover, fetched first and with high priority (the page's largest
 * paint is one of them); `eager`: a cover of the first screen's other rows, fetched at once at the
 * browser's own priority rather than when it nears the screen.
 */
export const ComicCard = memo(function ComicCard({
  work,
  priority = false,
  eager = false,
}: {
  work: Work;
  priority?: boolean;
  eager?: boolean;
}) {
  return (
    <Link to={`/comic/${work.id}`} className="comic-card">
      <span className="comic-card__cover">
        <Image
          // A card handed to another comic (the grid reuses cards) never shows the previous cover.
          key={work.id}
          src={work.cover}
          alt={`《${work.title}》封面`}
          width={300}
          height={400}
          displayWidth={COMIC_COVER_WIDTH}
          priority={priority}
          loading={eager ? 'eager' : undefined}
        />
        <span className={`comic-card__status${work.status === 1 ? ' is-finished' : ''}`}>
          {statusText(work.status)}
        </span>
      </span>
      <span className="comic-card__title">{work.title}</span>
      <span className="comic-card__meta">
        {work.latestUnit ? `更新至 ${work.latestUnit.title}` : `共${work.unitCount}话`}
      </span>
    </Link>
  );
});
