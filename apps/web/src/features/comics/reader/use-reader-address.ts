import { useEffect } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';

/**
 * The document title and the address follow the episode in view, so a reload opens it; the route
 * stays (no navigation: the strip goes on as it is).
 */
export function useReaderAddress(workId: number, current: number, title: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    const path = `/comic/${workId}/${current}`;
    if (window.location.pathname !== path) window.history.replaceState(window.history.state, '', path);
  }, [current, workId]);
}
