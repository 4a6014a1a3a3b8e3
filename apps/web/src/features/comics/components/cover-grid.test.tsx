import type { Work } from '@ld/contract/content';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const drawn = (container: HTMLElement) => container.querySelectorAll('.comic-card').length;

describe('the cover grid on a page the server rendered', () => {
  let root: Root | null = null;
  let readyState: DocumentReadyState = 'loading';

  beforeEach(() => {
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    // jsdom lays nothing out: the grid is 390 px wide at the top of the window.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width: 390,
      height: 0,
      right: 390,
      bottom: 0,
      toJSON: () => ({}),
    } as DOMRect);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('draws the rows in view until the page has loaded and painted, then the rows around them', async () => {
    const html = renderToString(grid());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // The server draws the three rows a phone shows, each cover fetched at once.
    expect(drawn(container)).toBe(9);
    expect(
      [...container.querySelectorAll('img')].every((img) => img.getAttribute('loading') === 'eager'),
    ).toBe(true);

    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(container, grid());
    });
    expect(errors).not.toHaveBeenCalled();
    // Measured: the rows that meet the window and no more while the page is still loading (the
    // rows below would have taken the phone's link from the covers in view): 768 px of 214 px rows.
    expect(drawn(container)).toBe(12);
    await act(async () => {
      await frame();
      await frame();
    });
    expect(drawn(container)).toBe(12);

    // Loaded, then painted: the rows below (the overscan) come.
    readyState = 'complete';
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await frame();
      await frame();
      await frame();
    });
    // Four rows in view and four below, to a step of three rows.
    expect(drawn(container)).toBe(27);
    // Rows below the screen wait until they near it.
    expect(container.querySelectorAll('img[loading="lazy"]').length).toBeGreaterThan(0);
  });
});
