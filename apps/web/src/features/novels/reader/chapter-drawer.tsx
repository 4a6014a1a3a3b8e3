import { useLayoutEffect, useRef, useState } from 'react';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { Sheet } from '../../../shared/ui/sheet';
import { useChapterWindow } from './use-chapter-window';

/** Row height in rem (2.75rem = 44px of the 375 design): rows are fixed so only those in view exist. */
const ROW_REM = 2.75;
const OVERSCAN = 10;

const rootPx = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * 目录 inside the reader: every chapter with the current one marked, windowed (only the rows in
 * view and a few around them are in the DOM, loaded a page of 100 at a time), opened at the
 * current chapter.
 */
export function ChapterDrawer({
  workId,
  bookTitle,
  currentIndex,
  currentId,
  onPick,
  onClose,
}: {
  workId: number;
  bookTitle: string;
  currentIndex: number;
  currentId: number;
  onPick(unitId: number): void;
  onClose(): void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const rowPx = ROW_REM * rootPx();
  const [scrollTop, setScrollTop] = useState(() => Math.max(0, (currentIndex - 4) * rowPx));
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    if (listRef.current) setHeight(listRef.current.clientHeight);
  }, []);

  // Without a measured height (no layout), show a screenful of 20 rows.
  const visible = height > 0 ? Math.ceil(height / rowPx) : 20;
  const first = Math.max(0, Math.floor(scrollTop / rowPx) - OVERSCAN);
  const lastWanted = first + visible + OVERSCAN * 2;
  const { rows, total, isError, retry } = useChapterWindow(workId, first, lastWanted, true);

  // Once the list has its full height, the current chapter comes to the middle of it.
  const centred = useRef(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || total === null || centred.current) return;
    centred.current = true;
    list.scrollTop = Math.max(0, (currentIndex - 1) * rowPx - list.clientHeight / 2 + rowPx / 2);
    setScrollTop(list.scrollTop);
  }, [total, currentIndex, rowPx]);
  const count = total ?? currentIndex;
  const last = Math.min(count - 1, lastWanted);

  const items = [];
  for (let row = first; row <= last; row++) {
    const unit = rows.get(row);
    const top = row * rowPx;
    if (!unit) {
      items.push(
        <li key={row} className="reader-menu__row reader-menu__row--wait" style={{ top }}>
          第 {row + 1} 章 · 加载中…
        </li>,
      );
      continue;
    }
    const isCurrent = unit.id === currentId;
    const lock = unit.unlocked ? null : unit.vip ? `VIP ${unit.price}` : `${unit.price} ${CURRENCY_NAME}`;
    items.push(
      <li key={row} className="reader-menu__row" style={{ top }}>
        <button
          type="button"
          className={`reader-menu__item${isCurrent ? ' reader-menu__item--current' : ''}`}
          aria-current={isCurrent ? 'true' : undefined}
          onClick={() => onPick(unit.id)}
        >
          <span className="reader-menu__title">{unit.title}</span>
          {isCurrent && <span className="reader-menu__tag">当前</span>}
          {lock && <span className="reader-menu__price">{lock}</span>}
        </button>
      </li>,
    );
  }

  return (
    <Sheet
      title="目录"
      block="reader-sheet"
      className="reader-sheet reader-sheet--left reader-menu"
      onClose={onClose}
    >
      <p className="reader-menu__book">
        {bookTitle}
        {total !== null && <span> · 共 {total} 章</span>}
      </p>
      {isError && (
        <button type="button" className="reader-menu__retry" onClick={retry}>
          目录加载失败，点此重试
        </button>
      )}
      <div
        ref={listRef}
        className="reader-menu__list"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <ul style={{ height: count * rowPx }}>{items}</ul>
      </div>
    </Sheet>
  );
}
