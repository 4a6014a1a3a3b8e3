import { useLayoutEffect } from 'react';
import { anchorEntry, type StripEntry } from '../lib/strip';
import type { StripRefs } from './strip-refs';

/**
 * Scroll anchoring by hand (the browser's own is off in the reader, and Safari has none): when an
 * episode joins or fills in above the anchor, the page scrolls by what was inserted, so the
 * picture in view does not move. Panel heights come with the episode, so the inserted height is
 * final in the commit, before any image loads.
 */
export function useScrollAnchor(refs: StripRefs, width: number): void {
  // The browser's own anchoring is off while the reader is open: two adjustments for one insert
  // would jump by the inserted height twice.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    return () => {
      root.style.overflowAnchor = before;
    };
  }, []);

  useLayoutEffect(() => {
    const a = refs.anchor.current;
    if (!a || !refs.restored.current) return;
    if (!a.el.isConnected) {
      refs.anchor.current = null;
      return;
    }
    const top = a.el.getBoundingClientRect().top + window.scrollY;
    if (a.width === width && Math.abs(top - a.top) >= 0.5) {
      window.scrollBy(0, top - a.top);
      refs.lastY.current = window.scrollY;
    }
    refs.anchor.current = { el: a.el, top, width };
  });
}

/**
 * Notes the anchor for the view just read (entry `atIndex` holds its top line), before any episode
 * joins above it: the commit that follows keeps it put.
 */
export function noteAnchor(
  refs: StripRefs,
  ids: number[],
  entries: StripEntry[],
  atIndex: number,
  width: number,
): void {
  const anchorId = ids[anchorEntry(entries, atIndex)] as number;
  const el = refs.panels.current.get(anchorId) ?? refs.blocks.current.get(anchorId);
  if (el) refs.anchor.current = { el, top: el.getBoundingClientRect().top + window.scrollY, width };
}
