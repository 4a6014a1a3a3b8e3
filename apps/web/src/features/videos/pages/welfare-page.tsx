import { useSessionState } from '../../../shared/hooks/use-session-state';
import type { FirstQuery } from '../../../shared/lib/first-queries';
import { PagedList } from '../../../shared/ui/paged-list';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { useVideoCategories, videoCategoriesQuery } from '../api/get-categories';
import { useVideos, videosQuery } from '../api/get-videos';
import type { VideoItem } from '../api/types';
import { VideoCard } from '../components/video-card';
import './welfare-page.css';

/** `sort` of the video list: 1 热门, 2 最新 (DESIGN §13; 完结 means nothing for a single video). */
type VideoSort = 1 | 2;
const SORTS: TabItem<VideoSort>[] = [
  { key: 1, label: '最热' },
  { key: 2, label: '最新' },
];

/**
 * The first screen's covers (four rows of two on a 390×844 phone) hold the page's largest content:
 * fetched at once, never lazy. The covers of the right column are a fraction of a pixel wider, so
 * the last of them to paint is the largest paint: a lazy one there is asked for only after the
 * first layout. The covers below it come once the page has painted (PagedList's `firstScreen`).
 */
const EAGER_COVERS = 8;

/** The first screen: the tabs and the first page of the default list (all, 最热). */
export const firstQueries = (): FirstQuery[] => [
  videoCategoriesQuery(),
  videosQuery({ category: null, sort: 1 }),
];

/** 动漫福利视频: category tabs, 最热/最新, and a grid of videos that loads on as one scrolls. */
export default function WelfarePage() {
  const categories = useVideoCategories();
  const [category, setCategory] = useSessionState<number>('welfare.category', 0);
  const [sort, setSort] = useSessionState<VideoSort>('welfare.sort', 1);
  const list = useVideos({ category: category || null, sort });

  const tabs: TabItem<number>[] = [
    { key: 0, label: '全部' },
    ...(categories.data ?? []).map((c) => ({ key: c.id, label: c.name })),
  ];

  return (
    <div className="welfare">
      <div className="welfare__top">
        <Tabs label="分类" items={tabs} active={category} onChange={setCategory} />
        <Tabs label="排序" items={SORTS} active={sort} onChange={setSort} variant="pill" />
      </div>
      <PagedList<VideoItem>
        query={list}
        className="welfare__grid"
        itemKey={(v) => v.id}
        renderItem={(v, i) => <VideoCard video={v} priority={i < EAGER_COVERS} />}
        firstScreen={EAGER_COVERS}
        emptyText="这里还没有视频"
      />
    </div>
  );
}
