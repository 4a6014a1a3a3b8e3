import type { Work } from '@ld/contract/content';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { GRID_COLUMNS, GRID_OVERSCAN, GRID_STEP, rowHeight, steppedRows, visibleRows } from '../lib/grid';
import { ComicCard } from './comic-card';
import './comics.css';
import { useFirstScreenPainted } from '../../../shared/hooks/use-first-screen-painted';
import { useHydrated } from '../../../shared/hooks/use-hydrated';

/** Spacing of the grid in rem (the CSS says the same). */
const PAD_REM = 0.75;
const COLUMN_GAP_REM = 0.75;
const ROW_GAP_REM = 1;
/** The title and the latest-episode line under a cover. */
const TEXT_REM = 2.875;
/**
 * Rows of covers a 390×844 phone shows below the tabs: fetched at once, never lazy (a lazy one is
 * asked for only after the first layout). The first row's are the page's largest paint and go
 * first at high priority; the other rows' do not share the slow link with them at the same
 * priority (docs/decisions/0050-one-rendering-path.md, 2026-11-29).
 */
const FIRST_SCREEN_ROWS = 3;

/**
 * A cell's place and width on the server, which does not know the screen's width: the same
 * geometry as the browser computes in px, written in CSS from the grid's own width (`cqw`, the grid
 * being its cells' container). So the server's covers come out at the size the app will draw them
 * on any phone, and the app's first commit repaints them no larger (a larger one would be a new,
 * later largest paint).
 */
function fluidPlace(index: number): { x: string; y: string; width: string } {
  const column = `((100cqw - ${2 * PAD_REM}rem - ${(GRID_COLUMNS - 1) * COLUMN_GAP_REM}rem) / ${GRID_COLUMNS})`;
  const row = `(${column} * 4 / 3 + ${TEXT_REM + ROW_GAP_REM}rem)`;
  const c = index % GRID_COLUMNS;
  const r = Math.floor(index / GRID_COLUMNS);
  return {
    x: `calc(${PAD_REM}rem + ${c} * (${column} + ${COLUMN_GAP_REM}rem))`,
    y: `calc(${r} * ${row})`,
    width: `calc(${column})`,
  };
}

const rootPx = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/** One drawn cell: skipped by React unless its comic, its place or the list's length changed. */
const GridCell = memo(function GridCell({
  work,
  index,
  count,
  x,
  y,
  width,
}: {
  work: Work;
  index: number;
  count: number;
  /** In px; or, on the server, CSS lengths (see `fluidPlace`). */
  x: number | string;
  y: number | string;
  width: number | string;
}) {
  const length = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);
  return (
    <li
      className="cover-grid__item"
      aria-posinset={index + 1}
      aria-setsize={count}
      style={{ transform: `translate(${length(x)}, ${length(y)})`, width: length(width) }}
    >
      <ComicCard
        work={work}
        priority={index < GRID_COLUMNS}
        eager={index < GRID_COLUMNS * FIRST_SCREEN_ROWS}
      />
    </li>
  );
});

interface Geometry {
  width: number;
  /** The grid's top in page px (its place in the document, not on the screen). */
  pageTop: number;
  viewport: number;
  rem: number;
}

/**
 * The cover grid, windowed: a list as tall as all its rows whose drawn cards are only the rows that
 * meet the window's view plus a few around it, each at its computed place. The window scrolls, so
 * pull-to-refresh, infinite scroll and back-to-list work as on every list.
 *
 * Scrolling costs little: the grid's size and place are measured on mount and when something
 * resizes (never in a scroll), a scroll reads only `scrollY` once a frame, and the grid renders only
 * when the drawn window crosses a step of rows (`steppedRows`); unchanged cells are memoized.
 */
/** The phone the server renders for: 390 × 844, its root font size as styles/global.css sets it. */
const SERVER_GEOMETRY: Geometry = { width: 390, pageTop: 0, viewport: 844, rem: (390 * 16) / 375 };

export function CoverGrid({ items, label }: { items: Work[]; label: string }) {
  const ref = useRef<HTMLUListElement>(null);
  // On the server and while hydrating, the phone the render assumes with places in CSS from the
  // grid's width (docs/decisions/0050-one-rendering-path.md), so the first rows of covers are in
  // the HTML and any phone gets them at its size; otherwise nothing drawn until measured (the
  // measure comes before the browser paints).
  const fluid = !useHydrated();
  // Its overscan rows once the page has painted its first screen.
  const painted = useFirstScreenPainted();
  const [geometry, setGeometry] = useState<Geometry>(() =>
    fluid ? SERVER_GEOMETRY : { width: 0, pageTop: 0, viewport: 844, rem: 16 },
  );
  const [scrollY, setScrollY] = useState(0);

  const pad = PAD_REM * geometry.rem;
  const colGap = COLUMN_GAP_REM * geometry.rem;
  const column = Math.max(0, (geometry.width - 2 * pad - (GRID_COLUMNS - 1) * colGap) / GRID_COLUMNS);
  const row = rowHeight(column, TEXT_REM * geometry.rem, ROW_GAP_REM * geometry.rem);
  const windowAt = (y: number) => {
    if (painted) return steppedRows(items.length, row, geometry.pageTop - y, geometry.viewport);
    // Until then the rows in view only. The server takes the grid's top for the page's (it does not
    // know what is above the grid), so it draws the rows a phone shows.
    const inView = visibleRows(items.length, row, geometry.pageTop - y, geometry.viewport, GRID_COLUMNS, 0);
    return fluid ? { ...inView, last: Math.min(inView.last, FIRST_SCREEN_ROWS) } : inView;
  };
  const { first, last, rows } = windowAt(scrollY);
  // What a scroll compares with, without re-subscribing the listeners on every render.
  const live = useRef({ windowAt, first, last });
  live.current = { windowAt, first, last };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame: number | null = null;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      const next = {
        width: rect.width,
        pageTop: rect.top + window.scrollY,
        viewport: window.innerHeight,
        rem: rootPx(),
      };
      setGeometry((g) =>
        g.width === next.width &&
        g.pageTop === next.pageTop &&
        g.viewport === next.viewport &&
        g.rem === next.rem
          ? g
          : next,
      );
      setScrollY(window.scrollY);
    };
    // Once a frame: the window for the new scroll, and a render only when it moved a step.
    const onScroll = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        const y = window.scrollY;
        const { windowAt: at, first: f, last: l } = live.current;
        const next = at(y);
        if (next.first !== f || next.last !== l) setScrollY(y);
      });
    };
    const onResize = () => requestAnimationFrame(measure);
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    // The grid's width, and whatever above it changes height (the pull-to-refresh indicator).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    observer?.observe(el);
    if (el.parentElement) observer?.observe(el.parentElement);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, []);

  // Keyed by slot, not by comic: a row scrolled out hands its elements to the row scrolled in, so a
  // fling updates a few dozen elements in place instead of unmounting and mounting them.
  // The slot count depends on the screen only (the most rows a window can span), so a window that
  // grows or shrinks by a step does not renumber every slot.
  const span = row > 0 ? Math.ceil(geometry.viewport / row) + 1 + 2 * GRID_OVERSCAN + 2 * (GRID_STEP - 1) : 1;
  const slots = Math.max(span, last - first, 1) * GRID_COLUMNS;
  const cards = [];
  for (let i = first * GRID_COLUMNS; i < Math.min(items.length, last * GRID_COLUMNS); i += 1) {
    const c = i % GRID_COLUMNS;
    cards.push(
      <GridCell
        key={i % slots}
        work={items[i] as Work}
        index={i}
        count={items.length}
        {...(fluid
          ? fluidPlace(i)
          : { x: pad + c * (column + colGap), y: Math.floor(i / GRID_COLUMNS) * row, width: column })}
      />,
    );
  }

  return (
    <ul
      ref={ref}
      className="cover-grid"
      aria-label={label}
      style={{ height: `${rows * row}px`, ...(fluid ? { containerType: 'inline-size' } : {}) }}
    >
      {geometry.width > 0 && cards}
    </ul>
  );
}
