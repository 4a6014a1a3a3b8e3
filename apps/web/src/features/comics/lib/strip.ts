// The comic reader's long strip as numbers (docs/decisions/0037-comic-pages-and-reader.md): panels
// at the column's full width, their heights known from the episode's width × height before any
// image loads, so where a panel sits and which panel is in view are arithmetic.

import { IMAGE_WIDTHS } from '@ld/contract/image-sizes';

export interface PanelSize {
  width: number;
  height: number;
}

/** A comic position (DESIGN §13): panel index from 0, offset in the stored image's own pixels. */
export interface StripPosition {
  panel: number;
  offset: number;
}

/** The panels of one episode laid out at `width` CSS px: each panel's top and height. */
export interface EpisodeLayout {
  tops: number[];
  heights: number[];
  /** The episode's panels' total height. */
  height: number;
}

/** A panel's height at `width` CSS px (its stored aspect ratio kept; a broken size is a square). */
export function panelHeight(panel: PanelSize, width: number): number {
  if (panel.width <= 0 || panel.height <= 0) return width;
  return (panel.height * width) / panel.width;
}

/**
 * A panel's box as a CSS aspect ratio (width / height): at the column's full width it is as tall as
 * `panelHeight` makes it, without knowing that width (the server's render; a broken size is a square).
 */
export function panelAspectRatio(panel: PanelSize): string {
  if (panel.width <= 0 || panel.height <= 0) return '1';
  return `${panel.width} / ${panel.height}`;
}

export function layoutEpisode(panels: PanelSize[], width: number): EpisodeLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  let y = 0;
  for (const p of panels) {
    const h = panelHeight(p, width);
    tops.push(y);
    heights.push(h);
    y += h;
  }
  return { tops, heights, height: y };
}

/** The index of the panel that covers `y` (px from the episode's first panel), clamped to the panels. */
export function panelIndexAt(layout: EpisodeLayout, y: number): number {
  const { tops } = layout;
  if (tops.length === 0) return 0;
  let lo = 0;
  let hi = tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tops[mid] as number) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The position at `y` CSS px below the episode's first panel: the panel there and how far into it,
 * in the stored image's pixels, so another screen width lands on the same line of the picture.
 */
export function positionAt(layout: EpisodeLayout, panels: PanelSize[], y: number): StripPosition {
  if (panels.length === 0) return { panel: 0, offset: 0 };
  const clamped = Math.max(0, Math.min(y, layout.height));
  const panel = panelIndexAt(layout, clamped);
  const size = panels[panel] as PanelSize;
  const shown = layout.heights[panel] as number;
  const into = clamped - (layout.tops[panel] as number);
  const offset = shown > 0 ? Math.round((into * Math.max(size.height, 1)) / shown) : 0;
  return { panel, offset: Math.max(0, Math.min(offset, Math.max(size.height - 1, 0))) };
}

/** Where `position` is, in CSS px below the episode's first panel (the inverse of positionAt). */
export function offsetOf(layout: EpisodeLayout, panels: PanelSize[], position: StripPosition): number {
  if (panels.length === 0) return 0;
  const panel = Math.max(0, Math.min(position.panel, panels.length - 1));
  const size = panels[panel] as PanelSize;
  const shown = layout.heights[panel] as number;
  const into = size.height > 0 ? (Math.max(0, position.offset) * shown) / size.height : 0;
  return (layout.tops[panel] as number) + Math.min(into, shown);
}

/** How much of the episode has been read at `y` (its top edge) with a view `viewport` px tall, 0–100. */
export function percentAt(layout: EpisodeLayout, y: number, viewport: number): number {
  const scrollable = layout.height - viewport;
  if (scrollable <= 0) return 100;
  return Math.round(Math.max(0, Math.min(1, y / scrollable)) * 100);
}

/** Panels ahead of the view that are fetched before they show (prefetch), and how far below it counts. */
export const PREFETCH_SCREENS = 3;
/** The next episode is appended once the end of the last one is within this many screens. */
export const APPEND_SCREENS = 2;
/** The previous episode is prepended once the view's top, moving up, is within this many screens of the strip's top. */
export const PREPEND_SCREENS = 1;

/** The panels of an episode that meet [top − behind, bottom + ahead] (CSS px in the episode): load them. */
export function panelsToLoad(
  layout: EpisodeLayout,
  top: number,
  bottom: number,
  ahead: number,
  behind = 0,
): number[] {
  if (layout.tops.length === 0 || bottom < -ahead || top - behind > layout.height) return [];
  const first = panelIndexAt(layout, Math.max(0, top - behind));
  const last = panelIndexAt(layout, Math.max(0, bottom + ahead));
  const out: number[] = [];
  for (let i = first; i <= last; i += 1) out.push(i);
  return out;
}

/** One episode in the strip as the reader knows it. */
export type StripEntry =
  | { id: number; state: 'loading' }
  | { id: number; state: 'open'; nextId: number | null; prevId?: number | null }
  | { id: number; state: 'locked' }
  | { id: number; state: 'error' }
  /** Not there (an unknown or taken-down episode): no retry, a way to the episode list. */
  | { id: number; state: 'missing' };

/**
 * The episode to append below the strip, or null: only when the last entry is open, has a next
 * episode not yet in the strip, and the strip's end is within APPEND_SCREENS screens of the view's
 * bottom (`distanceToEnd`, px). A locked or failed episode ends the strip until it is bought or retried.
 */
export function nextToAppend(entries: StripEntry[], distanceToEnd: number, viewport: number): number | null {
  const last = entries[entries.length - 1];
  if (last?.state !== 'open' || last.nextId === null) return null;
  if (entries.some((e) => e.id === last.nextId)) return null;
  return distanceToEnd <= viewport * APPEND_SCREENS ? last.nextId : null;
}

/**
 * The episode to prepend above the strip, or null: only while the reader is moving up
 * (`movingUp`), the first entry is open with a previous episode not yet in the strip, and the view's
 * top is within PREPEND_SCREENS screens of the strip's top (`distanceFromTop`, px). Opening an
 * episode at its top prepends nothing until the reader scrolls or pulls up: a locked previous
 * episode is then drawn with its price, and auto-unlock buys only what the reader goes back to.
 */
export function prevToPrepend(
  entries: StripEntry[],
  distanceFromTop: number,
  viewport: number,
  movingUp: boolean,
): number | null {
  const first = entries[0];
  if (!movingUp || first?.state !== 'open' || !first.prevId) return null;
  if (entries.some((e) => e.id === first.prevId)) return null;
  return distanceFromTop <= viewport * PREPEND_SCREENS ? first.prevId : null;
}

/**
 * The entry that keeps its place on the screen while episodes join or fill in above it: the first
 * open entry (its panels' heights are known) from the one in view (`at`) down, else the one in view.
 */
export function anchorEntry(entries: StripEntry[], at: number): number {
  for (let i = Math.max(0, at); i < entries.length; i += 1) {
    if (entries[i]?.state === 'open') return i;
  }
  return Math.max(0, Math.min(at, entries.length - 1));
}

/** The entry whose box holds the line `probe` px down the page, from the entries' tops (ascending). */
export function entryAt(tops: number[], probe: number): number {
  let found = 0;
  for (let i = 0; i < tops.length; i += 1) {
    if ((tops[i] as number) <= probe) found = i;
  }
  return found;
}

/** Panels are fetched at this width (px of the 375 px design; 2× and 3× copies by srcset). */
export const PANEL_DISPLAY_WIDTH = 375;
/** The tallest picture the server's resized copies (WebP) can hold. */
const WEBP_MAX_PX = 16_383;
/** The widest copy srcset may ask for. */
const WIDEST_COPY = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/**
 * The width to ask a panel at, or undefined for the stored original: a panel so tall that its
 * widest copy would pass WebP's height limit (the 20,480 px one) is shown as stored.
 */
export const panelDisplayWidth = (panel: PanelSize): number | undefined =>
  panel.width > 0 && (panel.height * WIDEST_COPY) / panel.width > WEBP_MAX_PX
    ? undefined
    : PANEL_DISPLAY_WIDTH;
