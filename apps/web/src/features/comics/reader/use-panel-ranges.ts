import { useCallback, useState } from 'react';

/** The panels of each episode whose pictures are asked for, by episode id (a range only grows). */
export type Ranges = Record<number, { from: number; to: number }>;

/**
 * Which panels get their <img>: a range per episode that grows to take in what the view asks for
 * and never shrinks (a picture asked once stays). `initial`: the ranges the page starts with (the
 * server's first screen when hydrating, so its pictures stay the same elements).
 */
export function usePanelRanges(initial: () => Ranges = () => ({})) {
  const [ranges, setRanges] = useState<Ranges>(initial);
  const grow = useCallback((wanted: Ranges) => {
    setRanges((old) => {
      let changed = false;
      const next = { ...old };
      for (const [key, r] of Object.entries(wanted)) {
        const id = Number(key);
        const o = old[id];
        const merged = o ? { from: Math.min(o.from, r.from), to: Math.max(o.to, r.to) } : r;
        if (!o || o.from !== merged.from || o.to !== merged.to) {
          next[id] = merged;
          changed = true;
        }
      }
      return changed ? next : old;
    });
  }, []);
  return { ranges, grow };
}

/** The range of panel indexes `want` spans, or null for none. */
export function rangeOf(want: number[]): { from: number; to: number } | null {
  const from = want[0];
  const to = want[want.length - 1];
  return from === undefined || to === undefined ? null : { from, to };
}
