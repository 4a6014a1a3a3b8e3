import type { Work } from '@ld/contract/content';
import { useState } from 'react';
import { useDebounced } from '../../../shared/hooks/use-debounced';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { useSwipe } from '../../../shared/hooks/use-swipe';
import { PagedList } from '../../../shared/ui/paged-list';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { useComicCategories, useComics } from '../api/get-comics';
import type { ComicFilter } from '../api/keys';
import { CoverGrid } from '../components/cover-grid';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 400;
/** The longest keyword the list accepts (CONTENT_LIMITS.keywordMax). */
const KEYWORD_MAX = 50;

const RANKINGS: TabItem<ComicFilter['sort']>[] = [
  { key: 1, label: '热门' },
  { key: 2, label: '最新' },
  { key: 3, label: '完结' },
];

/** 色漫 (`animate`): category tabs (swipe between them), rankings, search, and a windowed cover grid. */
export default function ComicsPage() {
  const categories = useComicCategories();
  const [category, setCategory] = useSessionState<number>('comics.category', 0);
  const [sort, setSort] = useSessionState<ComicFilter['sort']>('comics.sort', 1);
  const [text, setText] = useSessionState('comics.keyword', '');
  const [focused, setFocused] = useState(false);
  const keyword = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useComics({ category: category || null, sort, keyword });

  const tabs: TabItem<number>[] = [
    { key: 0, label: '全部' },
    ...(categories.data ?? []).map((c) => ({ key: c.id, label: c.name })),
  ];
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
      <div className="comics__top">
        <h1 className="comics__heading">色漫</h1>
        <form
          className={`comics__search${focused ? ' is-focused' : ''}`}
          aria-label="搜索漫画"
          onSubmit={(e) => e.preventDefault()}
        >
          <svg width="1rem" height="1rem" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            enterKeyHint="search"
            className="comics__search-input"
            placeholder="搜索漫画名或作者"
            aria-label="搜索漫画名或作者"
            maxLength={KEYWORD_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </form>
        <Tabs label="分类" items={tabs} active={category} onChange={setCategory} />
        <Tabs label="榜单" items={RANKINGS} active={sort} onChange={setSort} variant="pill" />
      </div>
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
