import type { WorkDetail } from '@ld/contract/content';
import { useLayoutEffect, useRef } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useAccountStore } from '../../../shared/stores/account';
import { savedPosition } from '../../../shared/works/saved-position';
import { offsetOf, PREFETCH_SCREENS, panelIndexAt, panelsToLoad } from '../lib/strip';
import type { StripRefs } from './strip-refs';
import { type Ranges, rangeOf } from './use-panel-ranges';
import type { StripEpisodes } from './use-strip-episodes';

/**
 * Opens the strip at the saved place when it is in the episode opened (the account's, or a guest's
 * local one), else at the top, once that episode and the column width are known: the pictures of
 * the first screen (and PREFETCH_SCREENS below) are asked in the same commit, the top one first.
 * Then the view is read, and from then on saved. A strip the server painted opened at the top, so
 * with no saved place a scroll made before now is the reader's own (or a reload's): it is kept.
 */
export function useOpenAtSaved(
  refs: StripRefs,
  strip: StripEpisodes,
  comic: { isError: boolean; isFetching: boolean; data?: WorkDetail | undefined },
  workId: number,
  startId: number,
  width: number,
  grow: (wanted: Ranges) => void,
  onView: () => void,
): void {
  const uid = useAccountStore((s) => s.account.uid);
  const restoreTo = refs.restored.current ? null : savedPosition('comic', uid, workId, startId, comic);
  const first = strip.episodes.get(startId);
  const hydrated = useHydrated();
  const fromServer = useRef(!hydrated);

  useLayoutEffect(() => {
    if (refs.restored.current || width === 0 || restoreTo === undefined) return;
    const entry = strip.entries[0];
    if (!entry || entry.state === 'loading') return;
    refs.restored.current = true;
    const layout = strip.layouts.get(startId);
    const panelsEl = refs.panels.current.get(startId);
    const keep = !restoreTo && fromServer.current;
    if (first && layout && panelsEl) {
      const pageTop = panelsEl.getBoundingClientRect().top + window.scrollY;
      // The saved place, or the reader's own scroll over the server's page, or the top.
      let y = 0;
      if (restoreTo) y = offsetOf(layout, first.panels, restoreTo);
      else if (keep) y = Math.max(0, window.scrollY - pageTop);
      const range = rangeOf(
        panelsToLoad(layout, y, y + window.innerHeight, window.innerHeight * PREFETCH_SCREENS),
      );
      if (range) {
        grow({ [startId]: range });
        refs.firstScreen.current = { eid: startId, panel: panelIndexAt(layout, y) };
      }
      if (!keep) window.scrollTo(0, restoreTo ? pageTop + y : 0);
    } else if (!keep) {
      window.scrollTo(0, 0);
    }
    refs.lastY.current = window.scrollY;
    requestAnimationFrame(onView);
  });
}
