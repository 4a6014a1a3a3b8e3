import type { SearchItem } from '@ld/contract/home';
import { HOME_LIMITS, SEARCH_KIND_TEXT } from '@ld/contract/home-values';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchIcon } from '../../../shared/icons/entry-icons';
import { getSuggestions } from '../api/get-home';
import './search-box.css';

/** Typing settles this long before suggestions are asked. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** Where a search goes: the results page (lazy), grouped by kind. */
export const searchPath = (keyword: string) => `/search?keyword=${encodeURIComponent(keyword)}`;

/**
 * One search box across every kind: titles suggested as you type (each opens its page), and
 * 搜索 (or Enter) opens the results grouped by kind.
 */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [focused, setFocused] = useState(false);
  const [items, setItems] = useState<SearchItem[]>([]);
  const keyword = text.trim();

  useEffect(() => {
    if (!keyword) {
      setItems([]);
      return;
    }
    // Asked once typing has settled, and the answer of an older keyword is dropped.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(keyword, controller.signal).then(
        (answer) => setItems(answer.items),
        () => undefined,
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);

  const open = focused && text.trim() !== '' && items.length > 0;
  return (
    <div
      className="search-box"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <form
        aria-label="全站搜索"
        className="search-box__form"
        onSubmit={(e) => {
          e.preventDefault();
          const k = text.trim();
          if (k) navigate(searchPath(k));
        }}
      >
        <SearchIcon className="search-box__icon" width="1.125rem" height="1.125rem" />
        <input
          type="search"
          aria-label="搜索"
          placeholder="搜索游戏、漫画、小说、视频、帖子"
          maxLength={HOME_LIMITS.keywordMax}
          value={text}
          enterKeyHint="search"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="search-box__submit">
          搜索
        </button>
      </form>
      {open && (
        <ul className="search-box__suggestions" aria-label="搜索建议">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <Link to={item.path}>
                <span className="search-box__kind">{SEARCH_KIND_TEXT[item.kind]}</span>
                <span className="search-box__title">{item.title}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={searchPath(text.trim())} className="search-box__all">
              查看“{text.trim()}”的全部结果
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
