import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverRendered } from '../../testing/server-rendered';
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

describe('a list the server rendered, with a first screen of eight', () => {
  let page: ReturnType<typeof serverRendered> | null = null;
  afterEach(() => {
    page?.unmount();
    page = null;
    vi.restoreAllMocks();
  });

  it('draws the first screen only, and no list end, until the page has loaded and painted', async () => {
    page = serverRendered(list);
    const { container } = page;
    expect(container.querySelectorAll('.item')).toHaveLength(8);
    expect(container.querySelector('.paged-list__tail')).toBeNull();

    const errors = vi.spyOn(console, 'error');
    await page.hydrate();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelectorAll('.item')).toHaveLength(8);

    await page.finishLoading();
    expect(container.querySelectorAll('.item')).toHaveLength(12);
    // The end that loads the next page as it nears the screen.
    expect(container.querySelector('.paged-list__tail')).not.toBeNull();
  });

  it('draws the items once while hydrating: the list’s own render after hydration leaves them alone', async () => {
    const drawn: number[] = [];
    const renderItem = (item: { id: number }) => {
      drawn.push(item.id);
      return <span className="item">第{item.id}个</span>;
    };
    page = serverRendered(() => (
      <PagedList
        query={twelve}
        itemKey={(item) => item.id}
        renderItem={renderItem}
        firstScreen={8}
        pullToRefresh={false}
      />
    ));
    drawn.length = 0;
    await page.hydrate();
    // Hydration draws the first screen; the render its end causes (useFirstScreenPainted) draws none.
    expect(drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    drawn.length = 0;
    await page.finishLoading();
    expect(page.container.querySelectorAll('.item')).toHaveLength(12);
    expect(drawn).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
