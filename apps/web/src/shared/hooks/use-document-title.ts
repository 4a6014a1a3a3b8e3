import { useEffect } from 'react';

/**
 * Puts the page's own title (a chapter's, a video's) in the tab, over the route's title that the
 * root layout sets in the same commit (hence once more after it, in a microtask).
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    queueMicrotask(() => {
      document.title = title;
    });
  }, [title]);
}
