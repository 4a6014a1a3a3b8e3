import type { NovelPosition, ReaderPreferences } from '@ld/contract/content';
import type { Chapter } from '@ld/contract/novels';
import { type MouseEvent, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSwipe } from '../../../shared/hooks/use-swipe';
import { pxToRem } from '../../../shared/lib/rem';
import { type Box, boxOfCharacter, readPosition } from './position';
import { useNovelProgress } from './use-novel-progress';

export interface ChapterViewProps {
  workId: number;
  chapter: Chapter;
  prefs: ReaderPreferences;
  /** Where to open: a saved position, null for the top, undefined while it is not known yet. */
  restoreTo: NovelPosition | null | undefined;
  /** Key presses and taps belong to an open sheet, not to the page. */
  keysEnabled: boolean;
  toolbarsShown: boolean;
  onToggleToolbars(): void;
  onHideToolbars(): void;
  onPrevChapter(): void;
  onNextChapter(): void;
  onPercent(percent: number): void;
  /** The end-of-chapter links (上一章, 目录, 下一章 with its price). */
  end: React.ReactNode;
  /** Opens a paragraph's 段评: its count bubble, or a long press (context menu) on it. */
  onOpenComments?(paragraph: number): void;
  /**
   * The server's render and the hydrating one: scroll markup without a size of its own, which
   * `.reader--device` in reader.css sets from the device's settings (reader-prefs-boot.js).
   */
  device?: boolean;
}

/**
 * Pages of the columns in page mode (1 without layout): up to the column that holds the end of
 * the chapter (its last element), measured from the text's own left edge, so the count does not
 * depend on the page shown.
 */
function pageCountOf(view: HTMLElement | null): number {
  const text = view?.firstElementChild;
  const end = text?.lastElementChild;
  if (!view || !text || !end || view.clientWidth === 0) return 1;
  const right = end.getBoundingClientRect().right - text.getBoundingClientRect().left;
  return Math.max(1, Math.ceil((right - 1) / view.clientWidth));
}

const WINDOW_VIEW = (): Box => ({ top: 0, bottom: window.innerHeight, left: -1e9, right: 1e9 });

/**
 * One chapter's text in scroll mode (the window scrolls) or page mode (CSS columns one page wide,
 * stepped sideways by taps on the outer thirds, swipes and the arrow keys). It opens at
 * `restoreTo` and keeps the position saved as the reader moves.
 */
export function ChapterView(props: ChapterViewProps) {
  const { chapter, prefs, restoreTo, workId, device = false } = props;
  const isPage = prefs.mode === 'page' && !device;
  const viewRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLElement>(null);
  const [page, setPage] = useState(0);
  const [ready, setReady] = useState(false);
  const propsRef = useRef(props);
  propsRef.current = props;

  const read = useCallback((): NovelPosition | null => {
    const text = textRef.current;
    const view = viewRef.current;
    if (!text || !view) return null;
    const box = isPage ? view.getBoundingClientRect() : WINDOW_VIEW();
    return readPosition(text, box);
  }, [isPage]);

  const { track, last } = useNovelProgress(workId, chapter.id, read, ready);

  const reportPercent = useCallback(() => {
    let percent = 0;
    if (isPage) {
      const count = pageCountOf(viewRef.current);
      percent = count <= 1 ? 100 : Math.round((page / (count - 1)) * 100);
    } else {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      percent = room <= 0 ? 100 : Math.round((Math.min(room, window.scrollY) / room) * 100);
    }
    propsRef.current.onPercent(Math.max(0, Math.min(100, percent)));
  }, [isPage, page]);

  /** Brings `position` into view: the line of its character at the top (scroll) or its page. */
  const goTo = useCallback(
    (position: NovelPosition) => {
      const el = textRef.current?.querySelector<HTMLElement>(`[data-p="${position.paragraph}"]`);
      const view = viewRef.current;
      if (!el || !view) return;
      if (isPage) {
        // Measured from the text's own edge, which moves with the page shown.
        const origin = textRef.current?.getBoundingClientRect().left ?? 0;
        const box = boxOfCharacter(el, position.offset);
        const width = view.clientWidth || 1;
        const target = Math.max(
          0,
          Math.min(pageCountOf(viewRef.current) - 1, Math.floor((box.left - origin + 1) / width)),
        );
        setPage(target);
      } else if (position.paragraph === 0 && position.offset === 0) {
        // The very start: show the chapter's title too.
        window.scrollTo(0, 0);
      } else {
        const box = boxOfCharacter(el, position.offset);
        window.scrollTo(0, Math.max(0, box.top + window.scrollY - 4));
      }
    },
    [isPage],
  );

  // Painted by the server: the page opened at the top, and a scroll before hydration is the reader's.
  const fromServer = useRef(device);
  // Open where the reader left off, once it is known; then start saving.
  useLayoutEffect(() => {
    if (ready || restoreTo === undefined) return;
    if (restoreTo) goTo(restoreTo);
    else if (!isPage && !fromServer.current) window.scrollTo(0, 0);
    setReady(true);
  }, [ready, restoreTo, goTo, isPage]);

  useEffect(() => {
    if (!ready) return;
    track();
    reportPercent();
  }, [ready, track, reportPercent]);

  // A new font size, line height or mode keeps the reader on the same words.
  const layoutKey = `${prefs.fontSize}/${prefs.lineHeight}/${prefs.mode}`;
  const layoutRef = useRef(layoutKey);
  useLayoutEffect(() => {
    if (layoutRef.current === layoutKey) return;
    layoutRef.current = layoutKey;
    if (last.current) goTo(last.current);
    else setPage(0);
  }, [layoutKey, goTo, last]);

  useEffect(() => {
    if (isPage || !ready) return;
    const onScroll = () => {
      track();
      reportPercent();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [isPage, ready, track, reportPercent]);

  // The page as last turned (a second key press may come before the first one's render).
  const pageRef = useRef(page);
  pageRef.current = page;
  const turn = useCallback((step: -1 | 1) => {
    const next = pageRef.current + step;
    if (next < 0) return propsRef.current.onPrevChapter();
    if (next >= pageCountOf(viewRef.current)) return propsRef.current.onNextChapter();
    pageRef.current = next;
    setPage(next);
  }, []);

  // The position is read once the page turned has been drawn.
  useEffect(() => {
    if (isPage && ready && page >= 0) track();
  }, [isPage, ready, page, track]);

  useEffect(() => {
    if (isPage) reportPercent();
  }, [isPage, reportPercent]);

  useEffect(() => {
    if (!props.keysEnabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      const back = e.key === 'ArrowLeft' || (isPage && e.key === 'ArrowUp') || (isPage && e.key === 'PageUp');
      const forward =
        e.key === 'ArrowRight' || (isPage && e.key === 'ArrowDown') || (isPage && e.key === 'PageDown');
      if (!back && !forward) return;
      e.preventDefault();
      if (isPage) turn(back ? -1 : 1);
      else if (back) propsRef.current.onPrevChapter();
      else propsRef.current.onNextChapter();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props.keysEnabled, isPage, turn]);

  // Stable, so the paragraphs are not rendered again with each toolbar, page or setting.
  const openComments = useCallback((paragraph: number) => propsRef.current.onOpenComments?.(paragraph), []);

  const swipe = useSwipe((step) => {
    if (isPage) turn(step);
  });

  const onTap = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a, button')) return;
    if (propsRef.current.toolbarsShown) return propsRef.current.onHideToolbars();
    const rect = e.currentTarget.getBoundingClientRect();
    const x = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0.5;
    if (isPage && x < 1 / 3) turn(-1);
    else if (isPage && x > 2 / 3) turn(1);
    else propsRef.current.onToggleToolbars();
  };

  return (
    // The tap zones stand in for the toolbar's buttons and the arrow keys (on the window), which do the same.
    <div
      ref={viewRef}
      className={`reader-view reader-view--${isPage ? 'page' : 'scroll'}`}
      onClick={onTap}
      {...(isPage ? swipe : {})}
    >
      <article
        ref={textRef}
        className="reader-text"
        style={
          device
            ? undefined
            : {
                fontSize: pxToRem(prefs.fontSize),
                lineHeight: prefs.lineHeight,
                // A page is the text's own width (one column and its gap): turning shifts it by pages.
                transform: isPage && page > 0 ? `translateX(${-page * 100}%)` : undefined,
              }
        }
      >
        <h1 className="reader-text__title">{chapter.title}</h1>
        <Paragraphs chapter={chapter} onOpenComments={props.onOpenComments ? openComments : undefined} />
        <div className="reader-text__end">{props.end}</div>
      </article>
    </div>
  );
}

/**
 * The chapter's paragraphs, each with its 段评 bubble and long press. Rendered again only for
 * another chapter: the render that follows hydration (the device's settings) and each toolbar
 * tap leave the text's elements alone.
 */
const Paragraphs = memo(function Paragraphs({
  chapter,
  onOpenComments,
}: {
  chapter: Chapter;
  onOpenComments: ((paragraph: number) => void) | undefined;
}) {
  return chapter.paragraphs.map((text, i) => {
    const comments = chapter.paragraphCommentCounts[i] ?? 0;
    return (
      <p
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are addressed by their index
        key={i}
        data-p={i}
        className="reader-text__p"
        onContextMenu={(e) => {
          if (!onOpenComments) return;
          e.preventDefault();
          onOpenComments(i);
        }}
      >
        {text}
        {comments > 0 && (
          <button
            type="button"
            className="reader-text__count"
            aria-label={`${comments} 条段评`}
            onClick={() => onOpenComments?.(i)}
          >
            {comments > 99 ? '99+' : comments}
          </button>
        )}
      </p>
    );
  });
});
