import { SQUARE_LIMITS } from '@ld/contract/square-values';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useDebounced } from '../../../shared/hooks/use-debounced';
import { useSuggestions } from '../api/get-suggestions';
import './search-box.css';

/** Suggestions are asked for once typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 250;

interface SearchBoxProps {
  /** Called with a keyword when one is chosen or submitted. */
  onSearch: (keyword: string) => void;
}

/** The square's search: suggestions as you type, choose one or submit what is typed. */
export function SearchBox({ onSearch }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const typed = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(open ? typed : '');
  const items = open && typed && text.trim() ? (suggestions.data ?? []) : [];

  const choose = (keyword: string) => {
    const k = keyword.trim();
    if (!k) return;
    setText(k);
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    onSearch(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    choose(active >= 0 && items[active] ? items[active] : text);
  };

  return (
    <form className="search-box" onSubmit={submit} aria-label="搜索">
      <svg className="search-box__icon" width="1rem" height="1rem" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        type="search"
        enterKeyHint="search"
        className="search-box__input"
        placeholder="搜索帖子、话题"
        aria-label="搜索帖子"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        maxLength={SQUARE_LIMITS.keywordMax}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {items.length > 0 && (
        <div className="search-box__list" id={listId} role="listbox" aria-label="搜索建议">
          {items.map((item, i) => (
            <div
              key={item}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`search-box__option${i === active ? ' is-active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              {item}
            </div>
          ))}
        </div>
      )}
    </form>
  );
}
