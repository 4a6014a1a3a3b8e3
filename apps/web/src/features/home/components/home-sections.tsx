import type { HomeSection, SearchItem } from '@ld/contract/home';
import { densitySrcSet, sizedUrl } from '../../../shared/lib/image-sizes';
import { Link } from '../../../shared/ui/link';
import './home-sections.css';

/** Cover box per kind, as the lists show them: game icons square, books and comics 3:4, videos 16:9. */
const COVER = {
  game: { width: 120, height: 120, shown: 64 },
  comic: { width: 300, height: 400, shown: 96 },
  novel: { width: 300, height: 400, shown: 96 },
  video: { width: 320, height: 180, shown: 160 },
  post: { width: 120, height: 120, shown: 56 },
} as const;

function Card({ item }: { item: SearchItem }) {
  const cover = COVER[item.kind];
  return (
    <Link to={item.path} className={`home-card home-card--${item.kind}`}>
      {item.cover && (
        <span className="home-card__cover">
          {/* A plain img (the shared Image is a chunk of its own): server-sized, lazy. */}
          <img
            src={sizedUrl(item.cover, cover.shown)}
            srcSet={densitySrcSet(item.cover, cover.shown)}
            alt={`${item.title}封面`}
            width={cover.width}
            height={cover.height}
            loading="lazy"
            decoding="async"
          />
        </span>
      )}
      <span className="home-card__title">{item.title}</span>
      <span className="home-card__subtitle">{item.subtitle}</span>
    </Link>
  );
}

/** The home's sections (hot games, comics, novels, videos, posts), each with 更多 to its list. */
export function HomeSections({ sections }: { sections: HomeSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.kind} className="home-section" aria-labelledby={`home-section-${s.kind}`}>
          <div className="home-section__head">
            <h2 id={`home-section-${s.kind}`}>{s.title}</h2>
            <Link to={s.more} className="home-section__more" aria-label={`更多${s.title}`}>
              更多
            </Link>
          </div>
          <ul className={`home-section__items home-section__items--${s.kind}`}>
            {s.items.map((item) => (
              <li key={item.id}>
                <Card item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** Skeleton blocks where the sections will be (aria-hidden: the page says 加载中 once). */
export function HomeSectionsSkeleton() {
  return (
    <div className="home-skeleton" role="status" aria-label="加载中">
      {[0, 1].map((n) => (
        <div key={n} className="home-skeleton__section" aria-hidden="true">
          <div className="home-skeleton__title" />
          <div className="home-skeleton__row">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="home-skeleton__card" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
