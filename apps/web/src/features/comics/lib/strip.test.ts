import { describe, expect, it } from 'vitest';
import {
  anchorEntry,
  entryAt,
  layoutEpisode,
  nextToAppend,
  offsetOf,
  panelAspectRatio,
  panelDisplayWidth,
  panelIndexAt,
  panelsToLoad,
  percentAt,
  positionAt,
  prevToPrepend,
  type StripEntry,
} from './strip';

const panels = [
  { width: 800, height: 1200 },
  { width: 800, height: 20_000 },
  { width: 800, height: 400 },
];

describe('strip layout and positions', () => {
  it('lays panels out at the column width with their stored aspect ratio', () => {
    const layout = layoutEpisode(panels, 400);
    expect(layout.tops).toEqual([0, 600, 10_600]);
    expect(layout.heights).toEqual([600, 10_000, 200]);
    expect(layout.height).toBe(10_800);
  });

  it('finds the panel under a line, clamped to the first and last', () => {
    const layout = layoutEpisode(panels, 400);
    expect(panelIndexAt(layout, -5)).toBe(0);
    expect(panelIndexAt(layout, 599)).toBe(0);
    expect(panelIndexAt(layout, 600)).toBe(1);
    expect(panelIndexAt(layout, 10_700)).toBe(2);
    expect(panelIndexAt(layout, 99_999)).toBe(2);
  });

  it('keeps the offset inside a 20,000 px panel in image pixels, the same on another width', () => {
    const phone = layoutEpisode(panels, 390);
    const tablet = layoutEpisode(panels, 520);
    // 7,000 image px into the tall panel, read on a phone…
    const y = offsetOf(phone, panels, { panel: 1, offset: 7000 });
    const pos = positionAt(phone, panels, y);
    expect(pos).toEqual({ panel: 1, offset: 7000 });
    // …is the same line of the picture on a wider screen.
    const yTablet = offsetOf(tablet, panels, pos);
    expect(yTablet).toBeCloseTo(520 * 1.5 + (7000 * 520) / 800, 6);
    expect(positionAt(tablet, panels, yTablet)).toEqual({ panel: 1, offset: 7000 });
  });

  it('clamps positions outside the episode and offsets past a panel', () => {
    const layout = layoutEpisode(panels, 400);
    expect(positionAt(layout, panels, -100)).toEqual({ panel: 0, offset: 0 });
    expect(positionAt(layout, panels, 1e9)).toEqual({ panel: 2, offset: 399 });
    expect(offsetOf(layout, panels, { panel: 9, offset: 0 })).toBe(10_600);
    expect(offsetOf(layout, panels, { panel: 0, offset: 99_999 })).toBe(600);
    expect(positionAt(layoutEpisode([], 400), [], 50)).toEqual({ panel: 0, offset: 0 });
  });

  it('says how much of the episode is read', () => {
    const layout = layoutEpisode(panels, 400);
    expect(percentAt(layout, 0, 800)).toBe(0);
    expect(percentAt(layout, 5000, 800)).toBe(50);
    expect(percentAt(layout, 20_000, 800)).toBe(100);
    expect(percentAt(layoutEpisode([{ width: 1, height: 1 }], 400), 0, 800)).toBe(100);
  });

  it('loads the panels in view and those ahead of it', () => {
    const layout = layoutEpisode(panels, 400);
    expect(panelsToLoad(layout, 0, 500, 0)).toEqual([0]);
    expect(panelsToLoad(layout, 0, 500, 200)).toEqual([0, 1]);
    expect(panelsToLoad(layout, 10_000, 10_800, 2000)).toEqual([1, 2]);
    expect(panelsToLoad(layout, 20_000, 21_000, 0)).toEqual([]);
    expect(panelsToLoad(layout, -5000, -3000, 1000)).toEqual([]);
  });

  it('also loads the panels a screen above the view when asked (reading up)', () => {
    const layout = layoutEpisode(panels, 400);
    expect(panelsToLoad(layout, 10_700, 11_500, 0)).toEqual([2]);
    expect(panelsToLoad(layout, 10_700, 11_500, 0, 800)).toEqual([1, 2]);
    // Below the episode's end by less than `behind`: its last panels still count.
    expect(panelsToLoad(layout, 11_500, 12_300, 0, 800)).toEqual([2]);
    expect(panelsToLoad(layout, 12_000, 12_800, 0, 800)).toEqual([]);
  });
});

describe('appending the next episode', () => {
  const open = (id: number, nextId: number | null): StripEntry => ({ id, state: 'open', nextId });

  it('appends the next episode once the strip ends within two screens', () => {
    expect(nextToAppend([open(1, 2)], 1700, 844)).toBeNull();
    expect(nextToAppend([open(1, 2)], 1688, 844)).toBe(2);
    expect(nextToAppend([open(1, 2), open(2, 3)], 100, 844)).toBe(3);
  });

  it('stops at the last episode, a locked one, a loading one and a failed one', () => {
    expect(nextToAppend([open(1, null)], 0, 844)).toBeNull();
    expect(nextToAppend([open(1, 2), { id: 2, state: 'locked' }], 0, 844)).toBeNull();
    expect(nextToAppend([open(1, 2), { id: 2, state: 'loading' }], 0, 844)).toBeNull();
    expect(nextToAppend([open(1, 2), { id: 2, state: 'error' }], 0, 844)).toBeNull();
    expect(nextToAppend([], 0, 844)).toBeNull();
  });

  it('never appends an episode twice', () => {
    expect(nextToAppend([open(2, 1), open(1, 2)], 0, 844)).toBeNull();
  });

  it('names the episode whose box holds a line', () => {
    expect(entryAt([0, 5000, 9000], 0)).toBe(0);
    expect(entryAt([0, 5000, 9000], 4999)).toBe(0);
    expect(entryAt([0, 5000, 9000], 5000)).toBe(1);
    expect(entryAt([0, 5000, 9000], 1e9)).toBe(2);
  });
});

describe('prepending the previous episode', () => {
  const open = (id: number, prevId: number | null): StripEntry => ({
    id,
    state: 'open',
    nextId: null,
    prevId,
  });

  it('prepends the previous episode when moving up within a screen of the strip top', () => {
    expect(prevToPrepend([open(2, 1)], 0, 844, true)).toBe(1);
    expect(prevToPrepend([open(2, 1)], 844, 844, true)).toBe(1);
    expect(prevToPrepend([open(2, 1)], 845, 844, true)).toBeNull();
  });

  it('waits for the reader to move up: opening an episode at its top prepends nothing', () => {
    expect(prevToPrepend([open(2, 1)], 0, 844, false)).toBeNull();
  });

  it('stops at the first episode, a locked, loading or failed first entry, and never twice', () => {
    expect(prevToPrepend([open(1, null)], 0, 844, true)).toBeNull();
    expect(prevToPrepend([{ id: 1, state: 'locked' }, open(2, 1)], 0, 844, true)).toBeNull();
    expect(prevToPrepend([{ id: 1, state: 'loading' }, open(2, 1)], 0, 844, true)).toBeNull();
    expect(prevToPrepend([{ id: 1, state: 'error' }, open(2, 1)], 0, 844, true)).toBeNull();
    expect(prevToPrepend([open(2, 1), open(1, 2)], 0, 844, true)).toBeNull();
    expect(prevToPrepend([], 0, 844, true)).toBeNull();
  });

  it('anchors on the open episode in view, or the first open one below a loading or locked one', () => {
    const loading: StripEntry = { id: 1, state: 'loading' };
    expect(anchorEntry([open(1, null), open(2, 1)], 1)).toBe(1);
    expect(anchorEntry([loading, open(2, 1)], 0)).toBe(1);
    expect(anchorEntry([{ id: 1, state: 'locked' }, open(2, 1)], 0)).toBe(1);
    expect(anchorEntry([open(1, null), loading], 1)).toBe(1);
  });
});

describe('panel image sizes', () => {
  it('asks resized copies of a usual panel and the stored original of a 20,480 px one', () => {
    expect(panelDisplayWidth({ width: 800, height: 1200 })).toBe(375);
    expect(panelDisplayWidth({ width: 800, height: 20_480 })).toBeUndefined();
  });
});

describe('panel boxes in CSS', () => {
  it('gives the ratio that makes a full-width box as tall as panelHeight, and a square for a broken size', () => {
    expect(panelAspectRatio({ width: 720, height: 880 })).toBe('720 / 880');
    // At any width the ratio's height is the arithmetic one (390 px: 476.67 px).
    const [w, h] = panelAspectRatio({ width: 720, height: 880 }).split(' / ').map(Number) as [number, number];
    expect((390 * h) / w).toBeCloseTo(layoutEpisode([{ width: 720, height: 880 }], 390).height, 6);
    expect(panelAspectRatio({ width: 0, height: 500 })).toBe('1');
    expect(panelAspectRatio({ width: 720, height: -1 })).toBe('1');
  });
});
