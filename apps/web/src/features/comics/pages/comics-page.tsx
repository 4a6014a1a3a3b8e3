import type { Work } from '@ld/contract/content';
import { WorkSort } from '@ld/contract/content-values';
import { useSwipe } from '../../../shared/hooks/use-swipe';
import type { FirstQuery } from '../../../shared/lib/first-queries';
import { ListHeader, useListFilter } from '../../../shared/ui/list-header';
import { PagedList } from '../../../shared/ui/paged-list';
import { comicCategoriesQuery, comicsQuery, useComicCategories, useComics } from '../api/get-comics';
import { CoverGrid } from '../components/cover-grid';

/** The first screen: the tabs and the first page of the default list (all, 热门). */
export const firstQueries = (): FirstQuery[] => [
  comicCategoriesQuery(),
  comicsQuery({ category: null, sort: WorkSort.hot, keyword: '' }),
];

/** 色漫 (`animate`): category tabs (swipe between them), rankings, search, and a windowed cover grid. */
export default function ComicsPage() {
  const filter = useListFilter('comics', useComicCategories().data);
  const { category, setCategory, sort, keyword, tabs } = filter;
  const list = useComics({ category: category || null, sort, keyword });
  const swipe = useSwipe((step) => {
    const at = tabs.findIndex((t) => t.key === category);
    const next = tabs[at + step];
    if (next) {
      setCategory(next.key);
      window.scrollTo({ top: 0 });
    }
  });

  return (
    <div className="comics">
      <ListHeader
        filter={filter}
        heading="色漫"
        sticky
        searchName="搜索漫画"
        placeholder="搜索漫画名或作者"
      />
      <div className="comics__list" {...swipe}>
        <PagedList<Work>
          query={list}
          itemKey={(w) => w.id}
          renderItem={() => null}
          renderList={(items) => <CoverGrid items={items} label="漫画列表" />}
          emptyText={keyword ? `没有找到与“${keyword}”相关的漫画` : '这里还没有漫画'}
        />
      </div>
    </div>
  );
}
