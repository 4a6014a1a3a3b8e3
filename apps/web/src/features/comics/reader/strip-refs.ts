import { type RefObject, useRef } from 'react';

/** What stays put on the screen while episodes join or fill in above it (use-scroll-anchor.ts). */
export interface Anchor {
  /** An element of the episode in view (its panels when open). */
  el: HTMLElement;
  /** Its top in page px, at the column width read. */
  top: number;
  width: number;
}

/**
 * The strip's elements and the few facts its hooks share between frames, kept in refs: reading
 * them never re-renders the reader.
 */
export interface StripRefs {
  strip: RefObject<HTMLDivElement | null>;
  /** Each open episode's panels, and each episode's block, by episode id. */
  panels: RefObject<Map<number, HTMLElement>>;
  blocks: RefObject<Map<number, HTMLElement>>;
  /** Whether the reader has opened at the saved place (nothing is read or saved before). */
  restored: RefObject<boolean>;
  /** The page's scroll at the last view read, and whether the reader pulled up since (wheel, touch, key). */
  lastY: RefObject<number>;
  pulled: RefObject<boolean>;
  anchor: RefObject<Anchor | null>;
  /** The panel at the top of the first screen: its picture is the page's largest, asked first. */
  firstScreen: RefObject<{ eid: number; panel: number } | null>;
}

export function useStripRefs(): StripRefs {
  return {
    strip: useRef<HTMLDivElement>(null),
    panels: useRef(new Map<number, HTMLElement>()),
    blocks: useRef(new Map<number, HTMLElement>()),
    restored: useRef(false),
    lastY: useRef(0),
    pulled: useRef(false),
    anchor: useRef<Anchor | null>(null),
    firstScreen: useRef<{ eid: number; panel: number } | null>(null),
  };
}

/** A ref callback that keeps `el` in `map` under `id` while it is mounted. */
export const keep = (map: RefObject<Map<number, HTMLElement>>, id: number) => (el: HTMLElement | null) => {
  if (el) map.current.set(id, el);
  else map.current.delete(id);
};
