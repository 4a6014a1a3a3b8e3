import type { SearchGroup, SearchItem, SearchKind } from '@ld/contract/home';
import { HOME_LIMITS, SEARCH_KINDS } from '@ld/contract/home-values';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { searchAllQuery, searchKindQuery, useSearchAll, useSearchKind } from '../api/search';
import './search-page.css';

type TabKey = SearchKind | 'all';

/** The first screen: the address's keyword searched over every kind, and its kind tab's list when it names one. */
export const firstQueries = ({ url }: FirstDataArgs): FirstQuery[] => {
  const keyword = (url.searchParams.get('keyword') ?? '').trim();
  if (!keyword) return [];
  const kind = SEARCH_KINDS.find((k) => k === url.searchParams.get('kind'));
  return kind ? [searchAllQuery(keyword), searchKindQuery(keyword, kind)] : [searchAllQuery(keyword)];
};

function ResultRow({ item }: { item: SearchItem }) {
  return (
    <Link to={item.path} className={`search-row search-row--${item.kind}`}>
      {/* A post without images has no picture (an empty box would look like a broken one). */}
      {item.cover && (
        <span className="search-row__cover">
          <Image src={item.cover} alt={`${item.title}封面`} width={120} height={120} displayWidth={48} />
        </span>
      )}
      <span className="search-row__text">
        <span className="search-row__title">{item.title}</span>
        <span className="search-row__subtitle">{item.subtitle}</span>
      </span>
    </Link>
  );
}

/** Every kind at once: a group per kind that matched, each with 查看全部 to its own list. */
function AllResults({
  keyword,
  groups,
  onKind,
}: {
  keyword: string;
  groups: SearchGroup[];
  onKind: (kind: SearchKind) => void;
}) {
  if (groups.length === 0) return <Empty text={`没有找到与“${keyword}”相关的内容`} />;
  return (
    <div className="search-groups">
      {groups.map((g) => (
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

/** One kind's every match, page by page, with every list state. */
function KindResults({ keyword, group }: { keyword: string; group: SearchGroup }) {
  const list = useSearchKind(keyword, group.kind);
  return (
    <PagedList
      query={list}
      itemKey={(item) => item.id}
      renderItem={(item) => <ResultRow item={item} />}
      emptyText={`没有找到与“${keyword}”相关的${group.title}`}
      className="search-kind-list"
    />
  );
}

/** The keyword field of the results page: 搜索 (or Enter) searches again. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="search-form"
      aria-label="全站搜索"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSearch(text.trim());
      }}
    >
      <input
        type="search"
        aria-label="搜索"
        placeholder="游戏、漫画、小说、视频、帖子"
        maxLength={HOME_LIMITS.keywordMax}
        enterKeyHint="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit">搜索</button>
    </form>
  );
}

/**
 * 搜索: the keyword from the address; the kinds that matched as tabs (全部 groups them, each
 * kind lists all its matches by cursor).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const result = useSearchAll(keyword);
  const groups = result.data?.groups ?? [];
  const group = groups.find((g) => g.kind === params.get('kind')) ?? null;
  const tab: TabKey = group?.kind ?? 'all';
  const go = (nextKeyword: string, next: TabKey, replace: boolean) => {
    const p = new URLSearchParams({ keyword: nextKeyword });
    if (next !== 'all') p.set('kind', next);
    setParams(p, { replace });
  };
  const tabs: TabItem<TabKey>[] = [
    { key: 'all', label: '全部' },
    ...groups.map((g) => ({ key: g.kind, label: g.title })),
  ];

  let body: React.ReactNode;
  if (!keyword) body = <Empty text="输入游戏、漫画、小说、视频或帖子的关键词" />;
  else if (result.isPending) body = <Loading text="搜索中…" />;
  else if (result.isError)
    body = <ErrorState text="搜索失败，请检查网络后重试" onRetry={() => result.refetch()} />;
  else if (group) body = <KindResults key={group.kind} keyword={keyword} group={group} />;
  else body = <AllResults keyword={keyword} groups={groups} onKind={(k) => go(keyword, k, true)} />;

  return (
    <div className="search-page">
      <div className="search-page__top">
        <SearchForm key={keyword} initial={keyword} onSearch={(k) => go(k, 'all', false)} />
        {groups.length > 0 && (
          <Tabs label="结果种类" items={tabs} active={tab} onChange={(k) => go(keyword, k, true)} />
        )}
      </div>
      {body}
    </div>
  );
}
