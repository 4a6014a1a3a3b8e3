import { HOME_LIMITS } from '@ld/contract/home-values';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../shared/icons/entry-icons';
import './search-box.css';

// Suggestions load with the first focus of the box: typing needs them, the first paint does not.
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/** Where a search goes: the results page (lazy), grouped by kind. */
export const searchPath = (keyword: string) => `/search?keyword=${encodeURIComponent(keyword)}`;

/**
 * One search box across every kind: titles suggested as you type (each opens its page), and
 * 搜索 (or Enter) opens the results grouped by kind.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [armed, setArmed] = useState(false);
  const keyword = text.trim();

  return (
    <div
      className="search-box"
      onFocus={() => {
        setFocused(true);
        setArmed(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <form
        aria-label="全站搜索"
        className="search-box__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (keyword) navigate(searchPath(keyword));
        }}
      >
        <SearchIcon className="search-box__icon" width="1.125rem" height="1.125rem" />
        <input
          type="search"
          aria-label="搜索"
          placeholder="游戏、漫画、小说、视频、帖子"
          maxLength={HOME_LIMITS.keywordMax}
          value={text}
          enterKeyHint="search"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="search-box__submit">
          搜索
        </button>
      </form>
      {armed && (
        <Suspense fallback={null}>
          <SearchSuggestions keyword={keyword} open={focused} allPath={searchPath(keyword)} />
        </Suspense>
      )}
    </div>
  );
}
