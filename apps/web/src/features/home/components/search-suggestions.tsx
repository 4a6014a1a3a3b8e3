import type { SearchItem } from '@ld/contract/home';
import { SEARCH_KIND_TEXT } from '@ld/contract/home-values';
import { useEffect, useState } from 'react';
import { Link } from '../../../shared/ui/link';
import { getSuggestions } from '../api/suggest';

/** Typing settles this long before suggestions are asked. */
export const SUGGEST_DEBOUNCE_MS = 250;

/**
 * Titles suggested for what is typed (each opens its page), and a link to every result. Loaded
 * when the search box is first focused, so the home's first load does not carry it.
 */
export default function SearchSuggestions({
  keyword,
  open,
  allPath,
}: {
  keyword: string;
  open: boolean;
  allPath: string;
}) {
  const [items, setItems] = useState<SearchItem[]>([]);

  useEffect(() => {
    if (!keyword) {
      setItems([]);
      return;
    }
    // Asked once typing has settled; the answer of an older keyword is dropped.
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

  if (!open || !keyword || items.length === 0) return null;
  return (
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
        <Link to={allPath} className="search-box__all">
          查看“{keyword}”的全部结果
        </Link>
      </li>
    </ul>
  );
}
