import type { Work } from '@ld/contract/content';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { COVER_WIDTH } from '../lib/cover-sizes';
import { statusText } from '../lib/format';
import './novel-card.css';

/**
 * One book in the 书城 grid: cover (3:4), title, author; opens the book's page. `priority` for the
 * first row, above the fold: those covers are the page's largest paint and load at once; the
 * others are lazy.
 */
export function NovelCard({ work, priority = false }: { work: Work; priority?: boolean }) {
  return (
    <Link to={`/bookinfo/${work.id}`} className="novel-card">
      <span className="novel-card__cover">
        <Image
          src={work.cover}
          alt={`《${work.title}》封面`}
          displayWidth={COVER_WIDTH}
          priority={priority}
          width={300}
          height={400}
        />
        <span className={`novel-card__status${work.status === 1 ? ' is-finished' : ''}`}>
          {statusText(work.status)}
        </span>
      </span>
      <span className="novel-card__title">{work.title}</span>
      <span className="novel-card__author">{work.author}</span>
    </Link>
  );
}
