import type { Unit } from '@ld/contract/content';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { isNotFound } from '../../../shared/http/client';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { Link } from '../../../shared/ui/link';
import { Empty, ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { type ChapterOrder, chapterBlockQuery, useChapterBlocks } from '../api/get-chapters';
import { novelQuery, useNovel } from '../api/get-novel';
import { priceText } from '../lib/format';
import { blocksOf, indexAtRow, type RowWindow, rowOfIndex, rowWindow } from '../lib/window';
import './book-menu-page.css';

/** Row height in rem (fixed: the window maths depend on it; the CSS says the same). */
export const ROW_REM = 3.25;

/**
 * The first screen, before the page has measured one: the server's render and the hydrating one
 * draw the rows a tall phone (900 px at a 16 px root) shows from the top; the layout effect then
 * measures the real screen before the browser paints again.
 */
const FIRST_SCREEN_PX = 900;
const FIRST_ROOT_PX = 16;

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The first screen: the book (title, chapter count) … */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  return validId(id) ? [novelQuery(uid, id)] : [];
};

/** … then its first block of chapters in the default order (正序), which needs that count. */
export const nextQueries = (
  { params, uid }: FirstDataArgs,
  cached: QueryClient['getQueryData'],
): FirstQuery[] => {
  const id = Number(params.id);
  if (!validId(id)) return [];
  const book = cached(novelQuery(uid, id).queryKey);
  return book && book.unitCount > 0 ? [chapterBlockQuery(uid, id, 'asc', 0, book.unitCount)] : [];
};

const ORDERS: TabItem<ChapterOrder>[] = [
  { key: 'asc', label: '正序' },
  { key: 'desc', label: '倒序' },
];

const rootFontPx = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * The row height in px, following the root font size (it changes with the window's width): rows
 * are placed in rem, so this serves the window maths alone and is measured once the page is live.
 */
function useRowHeight(): number {
  const [px, setPx] = useState(ROW_REM * FIRST_ROOT_PX);
  useLayoutEffect(() => {
    const update = () => setPx(ROW_REM * rootFontPx());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return px;
}

/**
 * The rows of `list` that meet the window's viewport, updated as the window scrolls: only those
 * are drawn (docs/decisions/0030), so 3,000 chapters cost as much as 40.
 */
function useRowWindow(list: React.RefObject<HTMLElement | null>, rowHeight: number, total: number) {
  // The first screen's rows before any measure (the list taken at the top of the page), the same
  // on the server and in the hydrating browser (docs/decisions/0050-one-rendering-path.md).
  const [win, setWin] = useState<RowWindow>(() =>
    rowWindow(0, FIRST_SCREEN_PX, ROW_REM * FIRST_ROOT_PX, total),
  );
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const next = rowWindow(-el.getBoundingClientRect().top, window.innerHeight, rowHeight, total);
    setWin((prev) => (prev.first === next.first && prev.last === next.last ? prev : next));
  }, [list, rowHeight, total]);
  useLayoutEffect(() => {
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);
  return win;
}

/** 目录: every chapter with its price and marks, 正序/倒序, and a jump to the saved chapter. */
export default function BookMenuPage() {
  const id = Number(useParams().id);
  const isValidId = validId(id);
  // A logged-in reader sees the server's guest copy until their own comes (no loading flash).
  const book = useNovel(id, { guestCopyMeanwhile: true });
  const [order, setOrder] = useState<ChapterOrder>('asc');
  const total = book.data?.unitCount ?? 0;
  const list = useRef<HTMLOListElement>(null);
  const rowHeight = useRowHeight();
  const win = useRowWindow(list, rowHeight, total);
  const blocks = useMemo(() => blocksOf(win), [win]);
  const pages = useChapterBlocks(id, order, blocks, total);

  const byIndex = useMemo(() => {
    const map = new Map<number, Unit>();
    for (const page of pages) for (const unit of page.data?.records ?? []) map.set(unit.index, unit);
    return map;
  }, [pages]);
  const failed = pages.filter((p) => p.isError);

  const progress = book.data?.progress ?? null;
  const scrollToRow = (row: number) => {
    const el = list.current;
    if (!el) return;
    const listTop = el.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, listTop + row * rowHeight - window.innerHeight / 3) });
  };
  const changeOrder = (next: ChapterOrder) => {
    setOrder(next);
    window.scrollTo({ top: 0 });
  };

  if (!isValidId || (book.isError && isNotFound(book.error))) {
    return (
      <NotThere text="这本书不存在或已下架" to="/novels" label="去书城看看" className="book-menu__ghost" />
    );
  }
  if (book.isError) return <ErrorState onRetry={() => book.refetch()} />;
  if (!book.data) return <Loading />;

  const rows: React.ReactNode[] = [];
  for (let row = win.first; row <= win.last; row++) {
    const index = indexAtRow(row, order, total);
    const unit = byIndex.get(index);
    const style = { top: `${row * ROW_REM}rem` };
    const current = progress?.unitIndex === index;
    rows.push(
      <li
        key={index}
        className={`book-menu__row${current ? ' is-current' : ''}`}
        style={style}
        aria-posinset={row + 1}
        aria-setsize={total}
      >
        {unit ? (
          <Link
            to={`/readbook/${id}/${unit.id}`}
            className="book-menu__link"
            aria-current={current ? 'true' : undefined}
          >
            <span className={`book-menu__title${unit.read ? ' is-read' : ''}`}>{unit.title}</span>
            {unit.read && <span className="book-menu__mark">已读</span>}
            {unit.price > 0 && unit.unlocked && <span className="book-menu__mark is-open">已解锁</span>}
            <span className={`book-menu__price${unit.price === 0 ? ' is-free' : unit.vip ? ' is-vip' : ''}`}>
              {priceText(unit)}
            </span>
          </Link>
        ) : (
          <span className="book-menu__link is-loading">第{index}章 …</span>
        )}
      </li>,
    );
  }

  return (
    <div className="book-menu">
      <div className="book-menu__bar">
        <div className="book-menu__info">
          <Link to={`/bookinfo/${id}`} className="book-menu__book">
            {book.data.title}
          </Link>
          <span className="book-menu__count">
            {book.data.status === 1 ? '已完结' : '连载中'} · 共{total}章
          </span>
        </div>
        <Tabs label="排序" items={ORDERS} active={order} onChange={changeOrder} variant="pill" />
      </div>
      {progress && (
        <button
          type="button"
          className="book-menu__locate"
          onClick={() => scrollToRow(rowOfIndex(progress.unitIndex, order, total))}
        >
          定位到当前章节
        </button>
      )}
      {failed.length > 0 && (
        <ErrorState text="目录加载失败" onRetry={() => failed.forEach((p) => void p.refetch())} />
      )}
      {total === 0 ? (
        <Empty text="这本书还没有章节" />
      ) : (
        <ol
          ref={list}
          className="book-menu__list"
          style={{ height: `${total * ROW_REM}rem` }}
          aria-label="章节目录"
        >
          {rows}
        </ol>
      )}
    </div>
  );
}
