import type { Work } from '@ld/contract/content';
import { Link } from 'react-router';
import { Image } from '../../../shared/ui/image';
import { statusText } from '../lib/format';
import './novel-card.css';

/** One book in the 书城 grid: cover (3:4, lazy), title, author; opens the book's page. */
export function NovelCard({ work }: { work: Work }) {
  return (
    <Link to={`/bookinfo/${work.id}`} className="novel-card">
      <span className="novel-card__cover">
        <Image src={work.cover} alt={`《${work.title}》封面`} loading="lazy" width={300} height={400} />
        <span className={`novel-card__status${work.status === 1 ? ' is-finished' : ''}`}>
          {statusText(work.status)}
        </span>
      </span>
      <span className="novel-card__title">{work.title}</span>
      <span className="novel-card__author">{work.author}</span>
    </Link>
  );
}
