import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { setHydratingNow } from '../shared/hooks/use-now';

/**
 * The one piece of data a server-rendered page carries (docs/decisions/0050-one-rendering-path.md):
 * the query cache the server rendered the page from (TanStack Query's `dehydrate`) and the
 * router's state (its loaders' results), as JSON in `<script type="application/json" id="ld-page-state">`.
 * The browser hydrates its cache and router from it before `hydrateRoot`, so its first render is
 * the server's markup.
 */
export const PAGE_STATE_ELEMENT_ID = 'ld-page-state';

export interface PageState {
  /** The address (path and query) the server rendered: a page kept for another (offline) is not hydrated. */
  url: string;
  queries: DehydratedState;
  router: HydrationState;
  /** The server's clock when it rendered (epoch ms): clock-derived text hydrates from it (shared/hooks/use-now.ts). */
  now: number;
}

/** JSON that is safe inside a <script> element: no `<` (so no `</script>`), no line separators. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's state, taken out of the document (read once); null when the server did not render the page. */
export function takePageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as PageState | null;
    const here = `${window.location.pathname}${window.location.search}`;
    const ok = state && typeof state === 'object' && state.url === here && state.queries && state.router;
    if (!ok) return null;
    setHydratingNow(typeof state.now === 'number' ? state.now : null);
    return state;
  } catch {
    return null;
  }
}
