import type { Work } from '@ld/contract/content';
import { useLayoutEffect, useRef, useState } from 'react';
import { GRID_COLUMNS, rowHeight, visibleRows } from '../lib/grid';
import { ComicCard } from './comic-card';
import './comics.css';

/** Spacing of the grid in rem (the CSS says the same). */
const PAD_REM = 0.75;
const COLUMN_GAP_REM = 0.75;
const ROW_GAP_REM = 1;
/** The title and the latest-episode line under a cover. */
const TEXT_REM = 2.875;

const rootPx = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * The cover grid, windowed: a list as tall as all its rows whose drawn cards are only the rows that
 * meet the window's view plus a few around it, each at its computed place. The window scrolls, so
 * pull-to-refresh, infinite scroll and back-to-list work as on every list.
 */
export function CoverGrid({ items, label }: { items: Work[]; label: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0, viewport: 844, rem: 16 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame: number | null = null;
    const measure = () => {
      frame = null;
      const rect = el.getBoundingClientRect();
      const next = { width: rect.width, top: rect.top, viewport: window.innerHeight, rem: rootPx() };
      setBox((b) =>
        b.width === next.width && b.top === next.top && b.viewport === next.viewport && b.rem === next.rem
          ? b
          : next,
      );
    };
    const onScroll = () => {
      frame ??= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    observer?.observe(el);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      observer?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, []);

  const pad = PAD_REM * box.rem;
  const colGap = COLUMN_GAP_REM * box.rem;
  const column = Math.max(0, (box.width - 2 * pad - (GRID_COLUMNS - 1) * colGap) / GRID_COLUMNS);
  const row = rowHeight(column, TEXT_REM * box.rem, ROW_GAP_REM * box.rem);
  const { first, last, rows } = visibleRows(items.length, row, box.top, box.viewport);

  // Keyed by slot, not by comic: a row scrolled out hands its elements to the row scrolled in, so a
  // fling updates a few dozen elements in place instead of unmounting and mounting them.
  const slots = Math.max(1, (last - first) * GRID_COLUMNS);
  const cards = [];
  for (let i = first * GRID_COLUMNS; i < Math.min(items.length, last * GRID_COLUMNS); i += 1) {
    const work = items[i] as Work;
    const r = Math.floor(i / GRID_COLUMNS);
    const c = i % GRID_COLUMNS;
    cards.push(
      <li
        key={i % slots}
        className="cover-grid__item"
        aria-posinset={i + 1}
        aria-setsize={items.length}
        style={{
          transform: `translate(${pad + c * (column + colGap)}px, ${r * row}px)`,
          width: `${column}px`,
        }}
      >
        <ComicCard work={work} priority={i < GRID_COLUMNS} />
      </li>,
    );
  }

  return (
    <ul ref={ref} className="cover-grid" aria-label={label} style={{ height: `${rows * row}px` }}>
      {box.width > 0 && cards}
    </ul>
  );
}
