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
import { Link } from '../../../shared/ui/link';
import { useHome } from '../api/get-home';
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

/**
 * 首页: the search box, the banners in a carousel, the entry grid, and the sections of what the
 * portal has (hot games, comics, novels, videos, posts), each with 更多. Banners and sections are
 * set by operators and come with GET /api/v1/home (a skeleton, pull-to-refresh, error-with-retry);
 * until it answers, the carousel shows the two banners of spec §2 that the first frame paints,
 * so the page's largest paint still comes with the HTML.
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
        <BannerCarousel banners={home.data?.banners ?? HOME_BANNERS} />
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
