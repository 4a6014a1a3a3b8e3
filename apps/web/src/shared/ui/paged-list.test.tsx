import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedList } from './paged-list';

/** A first page of twelve loaded, more to come: what useInfiniteQuery answers once it has one page. */
const twelve = {
  data: { pages: [{ records: Array.from({ length: 12 }, (_, i) => ({ id: i + 1 })) }], pageParams: [1] },
  isPending: false,
  isError: false,
  isFetchNextPageError: false,
  hasNextPage: true,
  fetchNextPage: () => Promise.resolve(),
  refetch: () => Promise.resolve(),
} as unknown as UseInfiniteQueryResult<InfiniteData<{ records: { id: number }[] }>>;

const list = () => (
  <PagedList
    query={twelve}
    itemKey={(item) => item.id}
    renderItem={(item) => <span className="item">第{item.id}个</span>}
    firstScreen={8}
    pullToRefresh={false}
  />
);
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('a list the server rendered, with a first screen of eight', () => {
  let root: Root | null = null;
  let readyState: DocumentReadyState = 'loading';
  beforeEach(() => {
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('draws the first screen only, and no list end, until the page has loaded and painted', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(list());
    document.body.append(container);
    expect(container.querySelectorAll('.item')).toHaveLength(8);
    expect(container.querySelector('.paged-list__tail')).toBeNull();

    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(container, list());
      await frame();
      await frame();
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelectorAll('.item')).toHaveLength(8);

    readyState = 'complete';
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await frame();
      await frame();
      await frame();
    });
    expect(container.querySelectorAll('.item')).toHaveLength(12);
    // The end that loads the next page as it nears the screen.
    expect(container.querySelector('.paged-list__tail')).not.toBeNull();
  });
});
