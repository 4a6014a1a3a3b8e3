import { HOME_BANNERS, HOME_ENTRIES, type HomeEntryKey } from '@ld/contract/home-values';
import { type ComponentType, lazy, Suspense, type SVGProps } from 'react';
import {
  BookIcon,
  CalendarCheckIcon,
  DiamondIcon,
  FlagIcon,
  GiftIcon,
  PlayIcon,
  UserPlusIcon,
} from '../../../shared/icons/entry-icons';
import type { FirstQuery } from '../../../shared/lib/first-queries';
import { Link } from '../../../shared/ui/link';
import { homeQuery, useHome } from '../api/get-home';
import { BannerCarousel } from '../components/banner-carousel';
import { HomeSections, HomeSectionsSkeleton } from '../components/home-sections';
import { PullRefresh } from '../components/pull-refresh';
import { SearchBox } from '../components/search-box';
import './home.css';

// Only a failed load needs it: not part of the home's first load.
const ErrorState = lazy(() => import('../../../shared/ui/states').then((m) => ({ default: m.ErrorState })));

const ENTRY_ICONS: Record<HomeEntryKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  checkin: CalendarCheckIcon,
  activity: FlagIcon,
  novels: BookIcon,
  welfare: PlayIcon,
  square: GiftIcon,
  recharge: DiamondIcon,
  invite: UserPlusIcon,
};

/** The first screen: the operator's banners and the sections (the first frame shows them). */
export const firstQueries = (): FirstQuery[] => [homeQuery()];

/**
 * 首页: the search box, the banners in a carousel, the entry grid, and the sections of what the
 * portal has (hot games, comics, novels, videos, posts), each with 更多. Banners and sections are
 * set by operators and come with GET /api/v1/home (a skeleton, pull-to-refresh, error-with-retry).
 * The server renders the page with it (`firstQueries`), so the first frame is the operator's
 * banners; after a navigation the carousel's place stays blank until it answers, and only when it
 * fails does the carousel show the two built-in banners of spec §2.
 */
export default function HomePage() {
  const home = useHome();
  let sections: React.ReactNode;
  if (home.isPending) sections = <HomeSectionsSkeleton />;
  else if (home.isError)
    sections = (
      <Suspense fallback={null}>
        <ErrorState text="首页内容加载失败，请检查网络后重试" onRetry={() => home.refetch()} />
      </Suspense>
    );
  else sections = <HomeSections sections={home.data.sections} />;

  return (
    <PullRefresh onRefresh={() => home.refetch({ throwOnError: true })}>
      <div className="home">
        <SearchBox />
        {home.isPending ? (
          // The banners' place, kept until the operator's arrive (the server renders them with the page).
          <div className="carousel" aria-hidden="true" />
        ) : (
          <BannerCarousel banners={home.data?.banners ?? HOME_BANNERS} />
        )}
        <nav className="home__entries" aria-label="快捷入口">
          {HOME_ENTRIES.map((e) => {
            const Icon = ENTRY_ICONS[e.key];
            return (
              <Link key={e.key} to={e.to} className="home__entry">
                <span className="home__entry-icon">
                  <Icon />
                </span>
                {e.label}
              </Link>
            );
          })}
        </nav>
        {sections}
      </div>
    </PullRefresh>
  );
}
