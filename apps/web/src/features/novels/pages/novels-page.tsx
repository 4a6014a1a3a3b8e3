import type { Work } from '@ld/contract/content';
import { WorkSort } from '@ld/contract/content-values';
import type { FirstQuery } from '../../../shared/lib/first-queries';
import { ListHeader, useListFilter } from '../../../shared/ui/list-header';
import { PagedList } from '../../../shared/ui/paged-list';
import { categoriesQuery, useCategories } from '../api/get-categories';
import { novelsQuery, useNovels } from '../api/get-novels';
import { NovelCard } from '../components/novel-card';
import './novels-page.css';

/** The first row of the three-column grid shows on a 390×844 phone before any scrolling (issue 11). */
const ABOVE_THE_FOLD = 3;

/** The first screen: the tabs and the first page of the default list (all, 热门). */
export const firstQueries = (): FirstQuery[] => [
  categoriesQuery(),
  novelsQuery({ category: null, sort: WorkSort.hot, keyword: '' }),
];

/** 书城: category tabs, rankings (热门/最新/完结), search by title or author, and a grid of covers. */
export default function NovelsPage() {
  const filter = useListFilter('novels', useCategories().data);
  const { category, sort, keyword } = filter;
  const list = useNovels({ category: category || null, sort, keyword });

  return (
    <div className="novels">
      <ListHeader filter={filter} searchName="搜索书籍" placeholder="搜索书名或作者" />
      <PagedList<Work>
        query={list}
        className="novels__grid"
        itemKey={(w) => w.id}
        renderItem={(w, i) => <NovelCard work={w} priority={i < ABOVE_THE_FOLD} />}
        emptyText={keyword ? `没有找到与“${keyword}”相关的书` : '这里还没有书'}
      />
    </div>
  );
}
