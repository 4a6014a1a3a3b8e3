import type { NovelPosition } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useOnline } from '../../../shared/hooks/use-online';
import { ApiError, isNotFound } from '../../../shared/http/client';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { useAccountStore } from '../../../shared/stores/account';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { Empty, ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { nextLabel } from '../../../shared/works/next-label';
import { ReaderTopBar } from '../../../shared/works/reader-top-bar';
import { savedPosition } from '../../../shared/works/saved-position';
import { UnitLock } from '../../../shared/works/unit-lock';
import { UnitNav } from '../../../shared/works/unit-nav';
import { useAutoUnlockNotice } from '../../../shared/works/use-auto-unlock-notice';
import { useCountWorkView } from '../../../shared/works/use-count-work-view';
import { type ChapterResult, chapterQuery, readerKeys, useChapter, validId } from '../api/get-chapter';
import { novelKeys } from '../api/keys';
import { ParagraphCommentsSheet } from '../components/paragraph-comments-sheet';
import { ChapterView } from '../reader/chapter-view';
import { useReaderPrefs } from '../reader/reader-prefs';
import { readerBookQuery, useReaderBook } from '../reader/use-reader-book';
import '../reader/reader.css';

// The reader's two panels (目录 and 设置) open on a tap, so they come after the page's first load
// (issue 21's budget); the reader's first touch, click or key fetches them, so they are in before
// one is asked for and still there if the network goes away while reading.
const loadChapterDrawer = () => import('../reader/chapter-drawer');
const loadSettingsSheet = () => import('../reader/settings-sheet');
const ChapterDrawer = lazy(() => loadChapterDrawer().then((m) => ({ default: m.ChapterDrawer })));
const SettingsSheet = lazy(() => loadSettingsSheet().then((m) => ({ default: m.SettingsSheet })));
const FIRST_INPUT = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

function usePanelsOnFirstInput() {
  useEffect(() => {
    const load = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
      void loadChapterDrawer().catch(() => undefined);
      void loadSettingsSheet().catch(() => undefined);
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
    };
  }, []);
}

/** What the cached chapters say about chapter `cid`: its neighbours, title and index. */
function neighboursOf(cached: Array<[unknown, ChapterResult | undefined]>, cid: number) {
  const found: { prevId: number | null; nextId: number | null; title: string | null; index: number | null } =
    {
      prevId: null,
      nextId: null,
      title: null,
      index: null,
    };
  for (const [, result] of cached) {
    if (result?.state !== 'open') continue;
    const c = result.chapter;
    if (c.nextId === cid) {
      found.prevId = c.id;
      found.title = c.next?.title ?? null;
      found.index = c.index + 1;
    }
    if (c.prevId === cid) found.nextId = c.id;
  }
  return found;
}

/**
 * The paragraph a reader is looking at: the first one whose box meets the window (in scroll and
 * page mode alike), so 段评 in the toolbar opens the sheet of what is being read, even a paragraph
 * nobody has commented on yet (a long press does the same on any paragraph).
 */
function paragraphInView(): number {
  for (const el of document.querySelectorAll<HTMLElement>('.reader [data-p]')) {
    const box = el.getBoundingClientRect();
    if (box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth)
      return Number(el.dataset.p);
  }
  return 0;
}

/**
 * The first screen: the chapter and the book (its title; a guest's progress is local), so the
 * server renders the chapter's text, the page's largest paint, in the device's settings
 * (`ChapterView`'s `device`, reader-prefs-boot.js). A chapter locked to a guest renders the loading
 * state until hydrated: the account may own it.
 */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const workId = Number(params.id);
  const cid = Number(params.cid);
  if (!validId(workId) || !validId(cid)) return [];
  return [chapterQuery(workId, cid, uid), readerBookQuery(workId, uid)];
};

/** The novel reader (`/readbook/:id/:cid`, issue 8): text, toolbars, 目录, settings, locks, progress. */
export default function ReadBookPage() {
  // The server's render and the hydrating one draw in the device's settings, not the account's.
  // The switch to the device's own view once hydrated re-renders the whole chapter: deferred, it is
  // a transition React renders in slices, not one synchronous task (`useHydrated` alone is a
  // store, whose changes React renders at once), and the reader skips the urgent pass (memo).
  const hydrated = useDeferredValue(useHydrated());
  return <Reader hydrated={hydrated} />;
}

const Reader = memo(function Reader({ hydrated }: { hydrated: boolean }) {
  usePanelsOnFirstInput();
  const params = useParams();
  const workId = Number(params.id);
  const cid = Number(params.cid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  const chapterResult = useChapter(workId, cid);
  const book = useReaderBook(workId);
  // The reader's view of the book, once per page however many chapters it goes through.
  useCountWorkView('novel', workId, book.data?.id === workId, (uid) => novelKeys.detail(uid, workId));
  const [prefs, setPrefs] = useReaderPrefs();
  const [toolbars, setToolbars] = useState(false);
  const [sheet, setSheet] = useState<'menu' | 'settings' | null>(null);
  const [lowBalance, setLowBalance] = useState(false);
  /** The paragraph whose 段评 sheet is open (on this chapter only). */
  const [comments, setComments] = useState<{ cid: number; paragraph: number } | null>(null);
  const commentsAt = comments?.cid === cid ? comments.paragraph : null;
  const [percent, setPercent] = useState(0);
  const online = useOnline();
  const chapter = chapterResult.data?.state === 'open' ? chapterResult.data.chapter : null;
  // A locked chapter has no text to name its neighbours: the chapters read before it do.
  const around = chapter
    ? null
    : neighboursOf(
        queryClient.getQueriesData<ChapterResult>({
          queryKey: readerKeys.chapter(workId, 0, uid).slice(0, 4),
        }),
        cid,
      );
  const prevId = chapter ? chapter.prevId : (around?.prevId ?? null);
  const nextId = chapter ? chapter.nextId : (around?.nextId ?? null);
  const bookTitle = book.data?.title ?? '';

  // The document title is the chapter's.
  useDocumentTitle(chapter?.title ?? bookTitle);

  // 下一章 is instant: its text is fetched while this one is read, unless opening it would buy it.
  const next = chapter?.next;
  useEffect(() => {
    if (!next || !(next.unlocked || next.price === 0)) return;
    // In a task of its own (opening the reader, this effect runs in the task that commits the
    // hydrated chapter).
    const timer = setTimeout(() => void queryClient.prefetchQuery(chapterQuery(workId, next.id, uid)), 0);
    return () => clearTimeout(timer);
  }, [next, queryClient, workId, uid]);

  // Auto-unlock bought this chapter on opening: say so, and refresh the balance and today's spend.
  useAutoUnlockNotice('novel', chapter ? [{ id: chapter.id, charged: chapter.charged, what: '本章' }] : []);

  // Where to open: the saved position when it is in this chapter (account when logged in, else local).
  // Not while hydrating: that render is a guest's, and the account's place follows it.
  const restoreTo = hydrated ? savedPosition('novel', uid, workId, cid, book) : undefined;
  // Decided once per chapter: the saves that follow move the cached progress, never the reader.
  const restoreOnce = useRef<{ cid: number; value: NovelPosition | null } | null>(null);
  if (restoreTo !== undefined && restoreOnce.current?.cid !== cid)
    restoreOnce.current = { cid, value: restoreTo };
  const openAt = restoreOnce.current?.cid === cid ? restoreOnce.current.value : undefined;

  const go = useCallback(
    (unitId: number) => {
      setSheet(null);
      setToolbars(false);
      navigate(`/readbook/${workId}/${unitId}`, { replace: true });
    },
    [navigate, workId],
  );
  const goPrev = () => (prevId ? go(prevId) : toast.info('已经是第一章了'));
  const goNext = () => (nextId ? go(nextId) : toast.info('已经是最后一章了'));

  const nav = (
    <UnitNav
      kind="novel"
      className="reader-nav"
      onPrev={prevId ? goPrev : null}
      onMenu={() => setSheet('menu')}
      onNext={nextId ? goNext : null}
      nextText={chapter ? nextLabel('novel', chapter.next) : '下一章'}
    />
  );

  let body: React.ReactNode;
  if (!validId(workId) || !validId(cid)) body = <Empty text="章节不存在，请从目录重新打开" />;
  else if (chapterResult.isPending || (!hydrated && chapterResult.data?.state !== 'open'))
    body = <Loading text="正在打开章节…" />;
  else if (chapterResult.isError && isNotFound(chapterResult.error))
    body = <NotThere text="这一章不存在或已下架" to={`/bookmenu/${workId}`} label="去目录看看" />;
  else if (chapterResult.isError)
    body = (
      <ErrorState
        text={
          // No network and no downloaded copy (the service worker had none to answer with).
          chapterResult.error instanceof ApiError && chapterResult.error.status === 0
            ? '网络不可用，本章未下载'
            : '章节加载失败'
        }
        onRetry={() => void chapterResult.refetch()}
      />
    );
  else if (chapterResult.data.state === 'locked')
    body = (
      <>
        <UnitLock
          kind="novel"
          block="reader-lock"
          workId={workId}
          unitId={cid}
          title={around?.title ?? null}
          locked={chapterResult.data.locked}
          refresh={(uid) => [readerKeys.chapter(workId, cid, uid), readerKeys.units(workId, uid)]}
          onLowBalance={() => setLowBalance(true)}
        />
        <div className="reader-lock__nav">{nav}</div>
      </>
    );
  else
    body = (
      <ChapterView
        key={cid}
        workId={workId}
        chapter={chapterResult.data.chapter}
        prefs={prefs}
        device={!hydrated}
        restoreTo={openAt}
        keysEnabled={sheet === null && !lowBalance && commentsAt === null}
        toolbarsShown={toolbars}
        onToggleToolbars={() => setToolbars((v) => !v)}
        onHideToolbars={() => setToolbars(false)}
        onPrevChapter={goPrev}
        onNextChapter={goNext}
        onPercent={setPercent}
        end={nav}
        onOpenComments={(paragraph) => setComments({ cid, paragraph })}
      />
    );

  const showBars = toolbars || chapterResult.data?.state !== 'open';
  return (
    <div className={`reader reader--${hydrated ? prefs.theme : 'device'}`}>
      {showBars && <ReaderTopBar block="reader-bar" title={bookTitle} home={`/bookinfo/${workId}`} />}
      {!online && (
        <span className="reader-offline" role="status">
          离线
        </span>
      )}
      {body}
      {toolbars && chapter && (
        <footer className="reader-bar reader-bar--bottom">
          <div className="reader-bar__row">
            <button type="button" onClick={goPrev} disabled={!chapter.prevId}>
              上一章
            </button>
            <span className="reader-bar__percent">本章 {percent}%</span>
            <button type="button" onClick={goNext} disabled={!chapter.nextId}>
              {nextLabel('novel', chapter.next)}
            </button>
          </div>
          <div className="reader-bar__row">
            <button type="button" onClick={() => setSheet('menu')}>
              目录
            </button>
            <button
              type="button"
              onClick={() => {
                setToolbars(false);
                setComments({ cid, paragraph: paragraphInView() });
              }}
            >
              段评
            </button>
            <button type="button" onClick={() => setSheet('settings')}>
              设置
            </button>
          </div>
        </footer>
      )}
      {sheet === 'menu' && (
        <Suspense fallback={null}>
          <ChapterDrawer
            workId={workId}
            bookTitle={bookTitle}
            currentIndex={chapter?.index ?? around?.index ?? 1}
            currentId={cid}
            onPick={(id) => go(id)}
            onClose={() => setSheet(null)}
          />
        </Suspense>
      )}
      {commentsAt !== null && chapter && (
        <ParagraphCommentsSheet
          workId={workId}
          cid={cid}
          paragraph={commentsAt}
          excerpt={chapter.paragraphs[commentsAt] ?? ''}
          onClose={() => setComments(null)}
        />
      )}
      {sheet === 'settings' && (
        <Suspense fallback={null}>
          <SettingsSheet prefs={prefs} onChange={setPrefs} onClose={() => setSheet(null)} />
        </Suspense>
      )}
      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
});
