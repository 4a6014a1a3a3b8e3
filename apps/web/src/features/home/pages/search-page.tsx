import {
  itemPath,
  SEARCH_KIND_TEXT,
  SEARCH_KINDS,
  type SearchItem,
  type SearchKind,
} from '@ld/contract/home';
import { Link, useSearchParams } from 'react-router';
import { Image } from '../../../shared/ui/image';
import { PagedList } from '../../../shared/ui/paged-list';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { useSearchAll, useSearchKind } from '../api/search';
import { SearchBox } from '../components/search-box';
import './search-page.css';

type TabKey = SearchKind | 'all';
const TABS: TabItem<TabKey>[] = [
  { key: 'all', label: '全部' },
  ...SEARCH_KINDS.map((k) => ({ key: k, label: SEARCH_KIND_TEXT[k] })),
];
const isKind = (v: string | null): v is SearchKind => SEARCH_KINDS.includes(v as SearchKind);

function ResultRow({ item }: { item: SearchItem }) {
  return (
    <Link to={itemPath(item.kind, item.id)} className={`search-row search-row--${item.kind}`}>
      <span className="search-row__cover">
        {item.cover && (
          <Image src={item.cover} alt={`${item.title}封面`} width={120} height={120} displayWidth={48} />
        )}
      </span>
      <span className="search-row__text">
        <span className="search-row__title">{item.title}</span>
        <span className="search-row__subtitle">{item.subtitle}</span>
      </span>
    </Link>
  );
}

/** Every kind at once: a group per kind that matched, each with 查看全部 to its own list. */
function AllResults({ keyword, onKind }: { keyword: string; onKind: (kind: SearchKind) => void }) {
  const result = useSearchAll(keyword);
  if (result.isPending) return <Loading text="搜索中…" />;
  if (result.isError)
    return <ErrorState text="搜索失败，请检查网络后重试" onRetry={() => result.refetch()} />;
  if (result.data.groups.length === 0) return <Empty text={`没有找到与“${keyword}”相关的内容`} />;
  return (
    <div className="search-groups">
      {result.data.groups.map((g) => (
        <section key={g.kind} className="search-group" aria-labelledby={`search-group-${g.kind}`}>
          <h2 id={`search-group-${g.kind}`}>
            {g.title}
            <span className="search-group__total">{g.total} 个结果</span>
          </h2>
          <ul>
            {g.items.map((item) => (
              <li key={item.id}>
                <ResultRow item={item} />
              </li>
            ))}
          </ul>
          {g.total > g.items.length && (
            <button type="button" className="search-group__more" onClick={() => onKind(g.kind)}>
              查看全部{g.title}结果
            </button>
          )}
        </section>
      ))}
    </div>
  );
}

function KindResults({ keyword, kind }: { keyword: string; kind: SearchKind }) {
  const list = useSearchKind(keyword, kind);
  return (
    <PagedList
      query={list}
      itemKey={(item) => item.id}
      renderItem={(item) => <ResultRow item={item} />}
      emptyText={`没有找到与“${keyword}”相关的${SEARCH_KIND_TEXT[kind]}`}
      className="search-kind-list"
    />
  );
}

/** 搜索: the keyword from the address, results grouped by kind or one kind's full list. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const kindParam = params.get('kind');
  const tab: TabKey = isKind(kindParam) ? kindParam : 'all';
  const setTab = (next: TabKey) => {
    const p = new URLSearchParams({ keyword });
    if (next !== 'all') p.set('kind', next);
    setParams(p, { replace: true });
  };

  return (
    <div className="search-page">
      <div className="search-page__top">
        <SearchBox key={keyword} initial={keyword} />
        {keyword && <Tabs label="结果种类" items={TABS} active={tab} onChange={setTab} />}
      </div>
      {!keyword ? (
        <Empty text="输入游戏、漫画、小说、视频或帖子的关键词" />
      ) : tab === 'all' ? (
        <AllResults keyword={keyword} onKind={setTab} />
      ) : (
        <KindResults keyword={keyword} kind={tab} />
      )}
    </div>
  );
}
