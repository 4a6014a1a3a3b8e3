import { useCallback, useRef, useState } from 'react';
import type { ProgressSaver } from '../../../shared/works/progress-saver';
import { SAVE_DELAY_MS } from '../../../shared/works/progress-saver';
import {
  entryAt,
  nextToAppend,
  PREFETCH_SCREENS,
  panelsToLoad,
  percentAt,
  positionAt,
  prevToPrepend,
} from '../lib/strip';
import type { StripRefs } from './strip-refs';
import type { Ranges } from './use-panel-ranges';
import { rangeOf } from './use-panel-ranges';
import { noteAnchor } from './use-scroll-anchor';
import type { StripEpisodes } from './use-strip-episodes';

/**
 * Reads the view after a move (at most once a frame, use-view-events.ts): which panels to load,
 * the episode in view (`current`) and how far into it (`percent`), the place to save, and which
 * episode joins the strip (the next one near its end, the previous one when moving up near its top).
 */
export function useViewReader(
  refs: StripRefs,
  strip: StripEpisodes,
  width: number,
  startId: number,
  grow: (wanted: Ranges) => void,
  progress: ProgressSaver,
) {
  const [current, setCurrent] = useState(startId);
  const [percent, setPercent] = useState(0);
  // The latest render's strip, read by the callback without making a new one each render.
  const state = useRef({ strip, width, current });
  state.current = { strip, width, current };

  const onView = useCallback(() => {
    const { strip: s, width: w, current: shown } = state.current;
    if (!refs.restored.current || w === 0) return;
    const viewport = window.innerHeight;
    // Panels in view and PREFETCH_SCREENS screens below it get their images; one screen above
    // too, so reading up into a prepended episode finds its pictures asked.
    const wanted: Ranges = {};
    for (const [id, layout] of s.layouts) {
      const el = refs.panels.current.get(id);
      if (!el) continue;
      const top = -el.getBoundingClientRect().top;
      const range = rangeOf(panelsToLoad(layout, top, top + viewport, viewport * PREFETCH_SCREENS, viewport));
      if (range) wanted[id] = range;
    }
    grow(wanted);
    // The episode whose block holds the view's top line.
    const tops = s.ids.map((id) => refs.blocks.current.get(id)?.getBoundingClientRect().top ?? 0);
    const atIndex = entryAt(tops, 1);
    const at = s.ids[atIndex] as number;
    if (at !== shown) setCurrent(at);
    noteAnchor(refs, s.ids, s.entries, atIndex, w);
    const layout = s.layouts.get(at);
    const episode = s.episodes.get(at);
    const panelsEl = refs.panels.current.get(at);
    if (layout && episode && panelsEl) {
      const y = -panelsEl.getBoundingClientRect().top;
      setPercent(percentAt(layout, y, viewport));
      progress.note({ unitId: at, position: positionAt(layout, episode.panels, y) }, SAVE_DELAY_MS);
    }
    // Nearing the strip's end: the next episode joins below, without a tap. Moving up near its
    // top: the previous one joins above (the anchor keeps the picture in view where it was).
    const movingUp = refs.pulled.current || window.scrollY < refs.lastY.current;
    refs.pulled.current = false;
    refs.lastY.current = window.scrollY;
    const stripEl = refs.strip.current;
    if (stripEl) {
      const rect = stripEl.getBoundingClientRect();
      const append = nextToAppend(s.entries, rect.bottom - viewport, viewport);
      if (append !== null) s.append(append);
      const prepend = prevToPrepend(s.entries, -rect.top, viewport, movingUp);
      if (prepend !== null) s.prepend(prepend);
    }
  }, [refs, grow, progress]);

  return { onView, current, percent };
}
