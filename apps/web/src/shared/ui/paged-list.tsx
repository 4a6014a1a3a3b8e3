import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from './adm';
import { Empty, ErrorState, Loading } from './states';

/** Spec §9 list defaults. */
export const LIST_SCROLL_OFFSET = 300;
export const PULL_HEAD_HEIGHT = 50;
export const PULL_SUCCESS_MS = 500;

const PULL_TEXT = {
  pulling: '下拉即可刷新',
  canRelease: '释放即可刷新',
  refreshing: '加载中…',
  complete: '刷新成功',
};

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ records: T[] }>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyText?: string;
  emptyAction?: ReactNode;
  className?: string;
  /** Lists inside a page that already scrolls elsewhere may turn pull-to-refresh off. */
  pullToRefresh?: boolean;
  /** Draws the loaded items itself (a windowed grid) instead of one `<li>` per item. */
  renderList?: (items: T[]) => ReactNode;
}

/**
 * Every list's states (DESIGN §9): loading, empty, error with retry, finished; pull-to-refresh and
 * infinite scroll. The query decides paging (page numbers or cursors) through getNextPageParam.
 */
export function PagedList<T>({
  query,
  renderItem,
  itemKey,
  emptyText,
  emptyAction,
  className,
  pullToRefresh = true,
  renderList,
}: PagedListProps<T>) {
  const items = query.data?.pages.flatMap((p) => p.records) ?? [];

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError && items.length === 0) body = <ErrorState onRetry={() => query.refetch()} />;
  else if (items.length === 0) body = <Empty text={emptyText} action={emptyAction} />;
  else
    body = (
      <>
        {renderList ? (
          renderList(items)
        ) : (
          <ul className={`paged-list ${className ?? ''}`}>
            {items.map((item, i) => (
              <li key={itemKey(item)}>{renderItem(item, i)}</li>
            ))}
          </ul>
        )}
        {query.isFetchNextPageError ? (
          <ErrorState text="加载更多失败" onRetry={() => query.fetchNextPage()} />
        ) : (
          <InfiniteScroll
            threshold={LIST_SCROLL_OFFSET}
            hasMore={Boolean(query.hasNextPage)}
            loadMore={async () => {
              await query.fetchNextPage({ throwOnError: true });
            }}
          >
            {query.hasNextPage ? <Loading /> : <span className="paged-list__end">没有更多了</span>}
          </InfiniteScroll>
        )}
      </>
    );

  if (!pullToRefresh) return body;
  return (
    <PullToRefresh
      headHeight={PULL_HEAD_HEIGHT}
      threshold={PULL_HEAD_HEIGHT + 10}
      completeDelay={PULL_SUCCESS_MS}
      pullingText={PULL_TEXT.pulling}
      canReleaseText={PULL_TEXT.canRelease}
      refreshingText={PULL_TEXT.refreshing}
      completeText={PULL_TEXT.complete}
      onRefresh={async () => {
        await query.refetch();
      }}
    >
      {body}
    </PullToRefresh>
  );
}
