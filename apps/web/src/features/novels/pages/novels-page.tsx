import type { Work } from '@ld/contract/content';
import { useState } from 'react';
import { useDebounced } from '../../../shared/hooks/use-debounced';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { PagedList } from '../../../shared/ui/paged-list';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { useCategories } from '../api/get-categories';
import { useNovels } from '../api/get-novels';
import { NovelCard } from '../components/novel-card';
import { KEYWORD_MAX, type NovelSort } from '../lib/kinds';
import './novels-page.css';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The first row of the three-column grid shows on a 390×844 phone before any scrolling (issue 11). */
const ABOVE_THE_FOLD = 3;

const RANKINGS: TabItem<NovelSort>[] = [
  { key: 1, label: '热门' },
  { key: 2, label: '最新' },
  { key: 3, label: '完结' },
];

/** 书城: category tabs, rankings (热门/最新/完结), search by title or author, and a grid of covers. */
export default function NovelsPage() {
  const categories = useCategories();
  const [category, setCategory] = useSessionState<number>('novels.category', 0);
  const [sort, setSort] = useSessionState<NovelSort>('novels.sort', 1);
  const [text, setText] = useSessionState('novels.keyword', '');
  const [focused, setFocused] = useState(false);
  const keyword = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useNovels({ category: category || null, sort, keyword });

  const tabs: TabItem<number>[] = [
    { key: 0, label: '全部' },
    ...(categories.data ?? []).map((c) => ({ key: c.id, label: c.name })),
  ];

  return (
    <div className="novels">
      <div className="novels__top">
        <form
          className={`novels__search${focused ? ' is-focused' : ''}`}
          aria-label="搜索书籍"
          onSubmit={(e) => e.preventDefault()}
        >
          <svg width="1rem" height="1rem" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            enterKeyHint="search"
            className="novels__search-input"
            placeholder="搜索书名或作者"
            aria-label="搜索书名或作者"
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
