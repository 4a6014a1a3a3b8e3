import type { WorkDetail } from '@ld/contract/content';
import { useLayoutEffect } from 'react';
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
 * Then the view is read, and from then on saved.
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

  useLayoutEffect(() => {
    if (refs.restored.current || width === 0 || restoreTo === undefined) return;
    const entry = strip.entries[0];
    if (!entry || entry.state === 'loading') return;
    refs.restored.current = true;
    const layout = strip.layouts.get(startId);
    const panelsEl = refs.panels.current.get(startId);
    if (first && layout && panelsEl) {
      const y = restoreTo ? offsetOf(layout, first.panels, restoreTo) : 0;
      const pageTop = panelsEl.getBoundingClientRect().top + window.scrollY;
      const range = rangeOf(
        panelsToLoad(layout, y, y + window.innerHeight, window.innerHeight * PREFETCH_SCREENS),
      );
      if (range) {
        grow({ [startId]: range });
        refs.firstScreen.current = { eid: startId, panel: panelIndexAt(layout, y) };
      }
      window.scrollTo(0, restoreTo ? pageTop + y : 0);
    } else {
      window.scrollTo(0, 0);
    }
    refs.lastY.current = window.scrollY;
    requestAnimationFrame(onView);
  });
}
