import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

// Lives as long as the tab's app does (not across reloads): enough for a page that unmounts when
// its layout changes (the square while a post is open) to come back as the user left it.
const saved = new Map<string, unknown>();

/**
 * useState that outlives the component: a page's filters (tab, tag, sort, search) under `key` come
 * back when the page mounts again, so going back to a list shows the same list, from the query
 * cache, at the same place.
 */
export function useSessionState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (saved.has(key) ? (saved.get(key) as T) : initial));
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        saved.set(key, value);
        return value;
      }),
    [key],
  );
  return [value, set];
}

/** Forgets every saved page state (tests start from the defaults). */
export const clearSessionState = (): void => saved.clear();
