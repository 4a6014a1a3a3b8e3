import { CONTENT_LIMITS, WorkSort, type WorkSortValue } from '@ld/contract/content-values';
import { useState } from 'react';
import { useDebounced } from '../hooks/use-debounced';
import { useSessionState } from '../hooks/use-session-state';
import { type TabItem, Tabs } from './tabs';
import './list-header.css';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 400;
/** A work list's sort: 1 热门, 2 最新, 3 完结. */
export type ListSort = WorkSortValue;

const RANKINGS: TabItem<ListSort>[] = [
  { key: WorkSort.hot, label: '热门' },
  { key: WorkSort.latest, label: '最新' },
  { key: WorkSort.finished, label: '完结' },
];

/** What a work list is filtered by, kept for the tab's session under `${key}.category` and so on. */
export function useListFilter(key: string, categories: { id: number; name: string }[] | undefined) {
  const [category, setCategory] = useSessionState<number>(`${key}.category`, 0);
  const [sort, setSort] = useSessionState<ListSort>(`${key}.sort`, WorkSort.hot);
  const [text, setText] = useSessionState(`${key}.keyword`, '');
  const keyword = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const tabs: TabItem<number>[] = [
    { key: 0, label: '全部' },
    ...(categories ?? []).map((c) => ({ key: c.id, label: c.name })),
  ];
  return { category, setCategory, sort, setSort, text, setText, keyword, tabs };
}

export type ListFilter = ReturnType<typeof useListFilter>;

/**
 * The top of a work list (书城, 色漫): maybe a heading, a search box (title or author), the
 * category tabs and the rankings. `sticky` keeps it in view over the scrolling list.
 */
export function ListHeader({
  filter,
  heading,
  sticky = false,
  searchName,
  placeholder,
}: {
  filter: ListFilter;
  heading?: string;
  sticky?: boolean;
  /** The search form's name: 搜索漫画. */
  searchName: string;
  /** The box's placeholder and name: 搜索漫画名或作者. */
  placeholder: string;
}) {
  const [focused, setFocused] = useState(false);
  return (
    <div className={`list-header${sticky ? ' list-header--sticky' : ''}`}>
      {heading && <h1 className="list-header__heading">{heading}</h1>}
      <form
        className={`list-header__search${focused ? ' is-focused' : ''}`}
        aria-label={searchName}
        onSubmit={(e) => e.preventDefault()}
      >
        <svg width="1rem" height="1rem" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          enterKeyHint="search"
          className="list-header__input"
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={CONTENT_LIMITS.keywordMax}
          value={filter.text}
          onChange={(e) => filter.setText(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </form>
      <Tabs label="分类" items={filter.tabs} active={filter.category} onChange={filter.setCategory} />
      <Tabs label="榜单" items={RANKINGS} active={filter.sort} onChange={filter.setSort} variant="pill" />
    </div>
  );
}
