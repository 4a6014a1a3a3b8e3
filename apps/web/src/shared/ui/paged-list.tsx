import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useFirstScreenPainted } from '../hooks/use-first-screen-painted';
import { Empty, ErrorState, Loading } from './states';
import './paged-list.css';

/** Spec §9 list defaults. */
export const LIST_SCROLL_OFFSET = 300;
export const PULL_HEAD_HEIGHT = 50;
export const PULL_SUCCESS_MS = 500;
/** The pull must pass this far down before letting go refreshes. */
const PULL_THRESHOLD = PULL_HEAD_HEIGHT + 10;
/** The head follows the finger at this fraction of its travel (a rubber-band feel). */
const PULL_DAMPING = 0.5;

const PULL_TEXT = {
  pulling: '下拉即可刷新',
  canRelease: '释放即可刷新',
  refreshing: '加载中…',
  complete: '刷新成功',
};
type PullStatus = 'idle' | keyof typeof PULL_TEXT;

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
  /**
   * How many items a phone's first screen shows: on a page the server rendered, only these (and no
   * list end, which would ask for the next page) until the page has painted (useFirstScreenPainted).
   */
  firstScreen?: number;
}

/**
 * Every list's states (DESIGN §9): loading, empty, error with retry, finished; pull-to-refresh and
 * infinite scroll. The query decides paging (page numbers or cursors) through getNextPageParam.
 * Both gestures are the app's own (an IntersectionObserver and three touch listeners) rather than
 * antd-mobile's, which brought about 35 KB gzip of gesture and spring code to every list page
 * (docs/decisions/0043-phone-speed.md).
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
  firstScreen,
}: PagedListProps<T>) {
  const painted = useFirstScreenPainted();
  const pages = query.data?.pages;
  const loadedCount = pages?.reduce((n, p) => n + p.records.length, 0) ?? 0;
  const held = firstScreen !== undefined && !painted && loadedCount > firstScreen;
  const shown = held ? firstScreen : undefined;
  // The items are drawn again only when they or the way they are drawn change. The same list grown
  // by a page, or drawn anew because the page around it rendered again, is drawn in a deferred
  // render, which React slices and sets aside for a tap, while the urgent render keeps what is on
  // the screen (ten more cards drawn at once are 40 ms and more on a phone, which Lighthouse counts
  // as blocking time). Another list (a new filter, a refresh that changed the top) is drawn at once.
  const deferredPages = useDeferredValue(pages);
  const deferredRenderItem = useDeferredValue(renderItem);
  const items = useMemo(() => itemsOf(pages, shown), [pages, shown]);
  const deferredItems = useMemo(() => itemsOf(deferredPages, shown), [deferredPages, shown]);
  const sameList = deferredItems.length > 0 && deferredItems[0] === items[0];
  const [drawnItems, drawItem, drawnPages] = sameList
    ? [deferredItems, deferredRenderItem, deferredPages]
    : [items, renderItem, pages];
  const drawn = useMemo(
    () =>
      drawnItems.length === 0 ? null : renderList ? (
        renderList(drawnItems)
      ) : (
        <ul className={`paged-list ${className ?? ''}`}>
          {drawnItems.map((item, i) => (
            <li key={itemKey(item)}>{drawItem(item, i)}</li>
          ))}
        </ul>
      ),
    [drawnItems, renderList, drawItem, itemKey, className],
  );

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError && items.length === 0) body = <ErrorState onRetry={() => query.refetch()} />;
  else if (items.length === 0) body = <Empty text={emptyText} action={emptyAction} />;
  else
    body = (
      <>
        {drawn}
        {held ? null : query.isFetchNextPageError ? (
          <ErrorState text="加载更多失败" onRetry={() => query.fetchNextPage()} />
        ) : (
          <ListEnd
            hasMore={Boolean(query.hasNextPage)}
            // The list end looks again whether it is near the screen once the new page is drawn.
            pages={drawnPages?.length ?? 0}
            loadMore={() => query.fetchNextPage({ throwOnError: true })}
          />
        )}
      </>
    );

  if (!pullToRefresh) return body;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
    >
      {body}
    </PullToRefresh>
  );
}

/** The loaded pages' records, the first `shown` of them while the first screen is held. */
function itemsOf<T>(pages: { records: T[] }[] | undefined, shown: number | undefined): T[] {
  const loaded = pages?.flatMap((p) => p.records) ?? [];
  return shown === undefined ? loaded : loaded.slice(0, shown);
}

/**
 * The list's end: while there are more pages it loads the next one as it comes within
 * LIST_SCROLL_OFFSET px of the screen. The observer is made anew for every page count, so a page
 * too short to fill the screen loads the next one at once, as the end is still in view.
 */
function ListEnd({
  hasMore,
  pages,
  loadMore,
}: {
  hasMore: boolean;
  pages: number;
  loadMore: () => Promise<unknown>;
}) {
  const end = useRef<HTMLDivElement>(null);
  const load = useRef(loadMore);
  load.current = loadMore;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page count re-checks whether the end is in view
  useEffect(() => {
    const el = end.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    let busy = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (busy || !entries.some((e) => e.isIntersecting)) return;
        busy = true;
        observer.disconnect();
        // A failed page shows 加载更多失败 with a retry instead of this end (isFetchNextPageError).
        load.current().catch(() => {});
      },
      { rootMargin: `0px 0px ${LIST_SCROLL_OFFSET}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, pages]);
  return (
    <div ref={end} className="paged-list__tail">
      {hasMore ? <Loading /> : <span className="paged-list__end">没有更多了</span>}
    </div>
  );
}

const scrollTop = () => document.scrollingElement?.scrollTop ?? window.scrollY;

/**
 * Pull-to-refresh for a list at the top of the page: pulled down past PULL_THRESHOLD and let go,
 * it refreshes, says 刷新成功 for PULL_SUCCESS_MS and folds away. The touchmove listener is not
 * passive, so the pull can keep the browser from scrolling or reloading the page itself.
 */
function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PullStatus>('idle');
  const [height, setHeight] = useState(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStart = (e: TouchEvent) => {
      startY = !busy && e.touches.length === 1 && scrollTop() <= 0 ? e.touches[0].clientY : null;
      pulled = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const distance = e.touches[0].clientY - startY;
      if (distance <= 0 && pulled === 0) {
        startY = null;
        return;
      }
      if (e.cancelable) e.preventDefault();
      pulled = Math.max(0, distance * PULL_DAMPING);
      setHeight(pulled);
      setStatus(pulled >= PULL_THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (pulled < PULL_THRESHOLD) {
        setHeight(0);
        setStatus('idle');
        return;
      }
      busy = true;
      setHeight(PULL_HEAD_HEIGHT);
      setStatus('refreshing');
      void refresh
        .current()
        .catch(() => {})
        .finally(() => {
          setStatus('complete');
          timer = setTimeout(() => {
            busy = false;
            setHeight(0);
            setStatus('idle');
          }, PULL_SUCCESS_MS);
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div ref={box} className="paged-list__pull">
      <div
        className={`paged-list__pull-head${status === 'pulling' || status === 'canRelease' ? ' is-dragging' : ''}`}
        style={{ height }}
        aria-live="polite"
      >
        {status !== 'idle' && <span className="paged-list__pull-text">{PULL_TEXT[status]}</span>}
      </div>
      {children}
    </div>
  );
}
