import type { Work } from '@ld/contract/content';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutAt, serverRendered } from '../../../testing/server-rendered';
import { CoverGrid } from './cover-grid';

const comic = (id: number): Work => ({
  id,
  kind: 'comic',
  title: `漫画${id}`,
  author: '作者',
  cover: `/uploads/comics/${id}.webp`,
  category: { id: 1, name: '恋爱' } as Work['category'],
  tags: [],
  status: 0,
  unitCount: 12,
  latestUnit: null,
  viewCount: 1,
});
const ITEMS = Array.from({ length: 60 }, (_, i) => comic(i + 1));

const grid = () => (
  <MemoryRouter>
    <CoverGrid items={ITEMS} label="漫画列表" />
  </MemoryRouter>
);
const drawn = (container: HTMLElement) => container.querySelectorAll('.comic-card').length;

describe('the cover grid on a page the server rendered', () => {
  let page: ReturnType<typeof serverRendered> | null = null;
  beforeEach(() => layOutAt(390));
  afterEach(() => {
    page?.unmount();
    page = null;
    vi.restoreAllMocks();
  });

  it('draws the rows in view until the page has loaded and painted, then the rows around them', async () => {
    page = serverRendered(grid);
    const { container } = page;
    // The server draws the three rows a phone shows, each cover fetched at once, the first row's
    // first.
    expect(drawn(container)).toBe(9);
    const covers = [...container.querySelectorAll('img')];
    expect(covers.every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      ...['high', 'high', 'high'],
      ...Array(6).fill(null),
    ]);

    const errors = vi.spyOn(console, 'error');
    await page.hydrate();
    expect(errors).not.toHaveBeenCalled();
    // Measured: the rows that meet the window and no more while the page is still loading (the
    // rows below would have taken the phone's link from the covers in view): 768 px of 214 px rows.
    expect(drawn(container)).toBe(12);

    // Loaded, then painted: the rows below (the overscan) come.
    await page.finishLoading();
    // Four rows in view and four below, to a step of three rows.
    expect(drawn(container)).toBe(27);
    // Rows below the screen wait until they near it.
    expect(container.querySelectorAll('img[loading="lazy"]').length).toBeGreaterThan(0);
  });
});
