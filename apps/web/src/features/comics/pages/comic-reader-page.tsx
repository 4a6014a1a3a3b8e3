import type { Episode } from '@ld/contract/comics';
import type { ComicPosition, UnitLocked } from '@ld/contract/content';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { useAccountStore } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { useCountComicView } from '../api/count-view';
import { useComic, validId } from '../api/get-comic';
import { episodeQuery } from '../api/get-episode';
import { comicKeys } from '../api/keys';
import {
  anchorEntry,
  type EpisodeLayout,
  entryAt,
  layoutEpisode,
  nextToAppend,
  offsetOf,
  PREFETCH_SCREENS,
  panelAspectRatio,
  panelDisplayWidth,
  panelIndexAt,
  panelsToLoad,
  percentAt,
  positionAt,
  prevToPrepend,
  type StripEntry,
} from '../lib/strip';
import { LockedEpisode } from '../reader/locked-episode';
import { useComicProgress } from '../reader/use-comic-progress';
import '../reader/comic-reader.css';

// The drawer and the comments load when first opened: they bring the list kit, which the strip
// itself does not need, so the reader's first load stays small.
const EpisodeDrawer = lazy(() =>
  import('../reader/episode-drawer').then((m) => ({ default: m.EpisodeDrawer })),
);
const EpisodeComments = lazy(() =>
  import('../reader/episode-comments').then((m) => ({ default: m.EpisodeComments })),
);

// Episodes bought by auto-unlock already announced (a cached answer is not a second purchase).
const announced = new Set<number>();

/** "下一话 · 5 蓝钻" when the next episode will cost the reader something (DESIGN §13). */
export function nextLabel(next: Episode['next']): string {
  if (!next) return '没有下一话';
  if (next.unlocked || next.price === 0) return '下一话';
  return `下一话 · ${next.vip ? 'VIP ' : ''}${next.price} ${CURRENCY_NAME}`;
}

/** The comic reader (`/comic/:id/:eid`): a fresh strip for each episode opened by address. */
export default function ComicReaderPage() {
  const params = useParams();
  const workId = Number(params.id);
  const eid = Number(params.eid);
  // The reader's view of the comic, once per page however many episodes it goes through (the
  // strip below starts afresh for an episode opened by address; the same cached detail).
  const comic = useComic(workId);
  useCountComicView(workId, comic.data?.id === workId);
  if (!validId(workId) || !validId(eid)) return <Empty text="这一话不存在，请从选集重新打开" />;
  return <ComicReader key={`${workId}/${eid}`} workId={workId} startId={eid} />;
}

type Ranges = Record<number, { from: number; to: number }>;

function ComicReader({ workId, startId }: { workId: number; startId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  const comic = useComic(workId);
  const [ids, setIds] = useState<number[]>([startId]);
  const results = useQueries({ queries: ids.map((id) => episodeQuery(uid, workId, id)) });
  const [width, setWidth] = useState(0);
  const [ranges, setRanges] = useState<Ranges>({});
  const [current, setCurrent] = useState(startId);
  const [percent, setPercent] = useState(0);
  const [toolbars, setToolbars] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [lowBalance, setLowBalance] = useState(false);
  const [comments, setComments] = useState<{ eid: number; title: string } | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const panelsRefs = useRef(new Map<number, HTMLElement>());
  const blockRefs = useRef(new Map<number, HTMLElement>());
  const restored = useRef(false);
  /** The panel at the top of the first screen: its picture is the page's largest, asked first. */
  const firstScreen = useRef<{ eid: number; panel: number } | null>(null);
  /** The page's scroll at the last view read, and whether the reader pulled up since (wheel, touch, key). */
  const lastY = useRef(0);
  const pulled = useRef(false);
  const touchY = useRef<number | null>(null);
  /**
   * What stays put on the screen while episodes join or fill in above it: an element of the
   * episode in view (its panels when open) and its top in page px, at the column width read.
   */
  const anchor = useRef<{ el: HTMLElement; top: number; width: number } | null>(null);
  const progress = useComicProgress(workId);

  const episodes = new Map<number, Episode>();
  const locks = new Map<number, UnitLocked>();
  const entries: StripEntry[] = ids.map((id, i) => {
    const r = results[i];
    if (!r || r.isPending) return { id, state: 'loading' };
    if (r.isError) return { id, state: 'error' };
    if (r.data.state === 'locked') {
      locks.set(id, r.data.locked);
      return { id, state: 'locked' };
    }
    episodes.set(id, r.data.episode);
    return { id, state: 'open', nextId: r.data.episode.nextId, prevId: r.data.episode.prevId };
  });
  const layouts = new Map<number, EpisodeLayout>();
  for (const [id, ep] of episodes) layouts.set(id, layoutEpisode(ep.panels, width));

  // The browser's own scroll anchoring is off while the reader is open: the reader keeps its own
  // anchor (below), and two adjustments for one insert would jump by the inserted height twice.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    return () => {
      root.style.overflowAnchor = before;
    };
  }, []);

  // The column's width sets every panel's height before any image arrives.
  useLayoutEffect(() => {
    const el = stripRef.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Where to open: the saved place when it is in this episode (the account's, or a guest's local one).
  let restoreTo: ComicPosition | null | undefined;
  if (restored.current) restoreTo = null;
  else if (uid === '') {
    const saved = guestProgress.get('comic', workId);
    restoreTo = saved && saved.unitId === startId ? (saved.position as ComicPosition) : null;
  } else if (comic.isError) restoreTo = null;
  else if (!comic.data || comic.isFetching) restoreTo = undefined;
  else {
    const saved = comic.data.progress;
    restoreTo = saved && saved.unitId === startId && 'panel' in saved.position ? saved.position : null;
  }

  const stateRef = useRef({ entries, episodes, layouts, ids, current, width });
  stateRef.current = { entries, episodes, layouts, ids, current, width };

  /** Reads the view: panels to load, the episode in view, the place to save, what to append. */
  const onView = useCallback(() => {
    const s = stateRef.current;
    if (!restored.current || s.width === 0) return;
    const viewport = window.innerHeight;
    // Panels in view and PREFETCH_SCREENS screens below it get their images.
    const grow: Ranges = {};
    for (const [id, layout] of s.layouts) {
      const el = panelsRefs.current.get(id);
      if (!el) continue;
      const top = -el.getBoundingClientRect().top;
      // One screen above the view too: reading up into a prepended episode finds its pictures asked.
      const want = panelsToLoad(layout, top, top + viewport, viewport * PREFETCH_SCREENS, viewport);
      if (want.length > 0) grow[id] = { from: want[0] as number, to: want[want.length - 1] as number };
    }
    setRanges((old) => {
      let changed = false;
      const next = { ...old };
      for (const [key, r] of Object.entries(grow)) {
        const id = Number(key);
        const o = old[id];
        const merged = o ? { from: Math.min(o.from, r.from), to: Math.max(o.to, r.to) } : r;
        if (!o || o.from !== merged.from || o.to !== merged.to) {
          next[id] = merged;
          changed = true;
        }
      }
      return changed ? next : old;
    });
    // The episode whose block holds the view's top line.
    const tops = s.ids.map((id) => blockRefs.current.get(id)?.getBoundingClientRect().top ?? 0);
    const atIndex = entryAt(tops, 1);
    const at = s.ids[atIndex] as number;
    if (at !== s.current) setCurrent(at);
    // The anchor, measured before any episode joins above it (the commit that follows keeps it put).
    const anchorId = s.ids[anchorEntry(s.entries, atIndex)] as number;
    const anchorEl = panelsRefs.current.get(anchorId) ?? blockRefs.current.get(anchorId);
    if (anchorEl) {
      anchor.current = {
        el: anchorEl,
        top: anchorEl.getBoundingClientRect().top + window.scrollY,
        width: s.width,
      };
    }
    const layout = s.layouts.get(at);
    const episode = s.episodes.get(at);
    const panelsEl = panelsRefs.current.get(at);
    if (layout && episode && panelsEl) {
      const y = -panelsEl.getBoundingClientRect().top;
      setPercent(percentAt(layout, y, viewport));
      progress.track({ unitId: at, position: positionAt(layout, episode.panels, y) });
    }
    // Nearing the strip's end: the next episode joins below, without a tap. Moving up near its
    // top: the previous one joins above (the anchor keeps the picture in view where it was).
    const movingUp = pulled.current || window.scrollY < lastY.current;
    pulled.current = false;
    lastY.current = window.scrollY;
    const strip = stripRef.current;
    if (strip) {
      const rect = strip.getBoundingClientRect();
      const append = nextToAppend(s.entries, rect.bottom - viewport, viewport);
      if (append !== null) setIds((list) => (list.includes(append) ? list : [...list, append]));
      const prepend = prevToPrepend(s.entries, -rect.top, viewport, movingUp);
      if (prepend !== null) setIds((list) => (list.includes(prepend) ? list : [prepend, ...list]));
    }
  }, [progress]);

  // Open at the saved place (or the top) once the first episode and the column width are known.
  const first = episodes.get(startId);
  useLayoutEffect(() => {
    if (restored.current || width === 0 || restoreTo === undefined) return;
    const entry = entries[0];
    if (!entry || entry.state === 'loading') return;
    restored.current = true;
    const layout = layouts.get(startId);
    const panelsEl = panelsRefs.current.get(startId);
    if (first && layout && panelsEl) {
      // The pictures of the first screen (and three below) are asked in this same commit.
      const y = restoreTo ? offsetOf(layout, first.panels, restoreTo) : 0;
      const pageTop = panelsEl.getBoundingClientRect().top + window.scrollY;
      const want = panelsToLoad(layout, y, y + window.innerHeight, window.innerHeight * PREFETCH_SCREENS);
      if (want.length > 0) {
        const range = { from: want[0] as number, to: want[want.length - 1] as number };
        setRanges((r) => ({ ...r, [startId]: range }));
        firstScreen.current = { eid: startId, panel: panelIndexAt(layout, y) };
      }
      window.scrollTo(0, restoreTo ? pageTop + y : 0);
    } else {
      window.scrollTo(0, 0);
    }
    lastY.current = window.scrollY;
    requestAnimationFrame(onView);
  });

  /*
   * The server's render (docs/decisions/0044): no layout effect runs there, so no column width is
   * measured and no panel is loading. Its strip draws each panel's box in CSS instead (an aspect
   * ratio at the column's full width: on any phone, where the browser's px will put it) and, as
   * pictures, the panels that meet the first screen of the phone it assumes (390×844; a wider one
   * shows fewer), the top one first: the page's largest paint comes with the HTML, the same
   * <img> (srcset, priority) as the app's first commit draws at the same place.
   */
  const shownRanges: Ranges = import.meta.env.SSR ? {} : ranges;
  if (import.meta.env.SSR && first) {
    const want = panelsToLoad(layoutEpisode(first.panels, window.innerWidth), 0, window.innerHeight, 0);
    const [from, to] = [want[0], want[want.length - 1]];
    if (from !== undefined && to !== undefined) shownRanges[startId] = { from, to };
  }
  const topPanel = import.meta.env.SSR ? { eid: startId, panel: 0 } : firstScreen.current;

  // Scroll anchoring by hand (the browser's own is off in the reader, and Safari has none): when
  // an episode joins or fills in above the anchor, the page scrolls by what was inserted, so the
  // picture in view does not move. Panel heights come with the episode, so the inserted height is
  // final in this commit, before any image loads.
  useLayoutEffect(() => {
    const a = anchor.current;
    if (!a || !restored.current) return;
    if (!a.el.isConnected) {
      anchor.current = null;
      return;
    }
    const top = a.el.getBoundingClientRect().top + window.scrollY;
    if (a.width === width && Math.abs(top - a.top) >= 0.5) {
      window.scrollBy(0, top - a.top);
      lastY.current = window.scrollY;
    }
    anchor.current = { el: a.el, top, width };
  });

  // Moves, resizes and newly arrived episodes are read at most once a frame.
  useEffect(() => {
    let frame: number | null = null;
    const schedule = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        onView();
      });
    };
    // A pull up at the very top moves nothing, so it is read from the gesture itself.
    const up = () => {
      pulled.current = true;
      schedule();
    };
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) up();
    };
    const onTouchStart = (e: TouchEvent) => {
      touchY.current = e.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (touchY.current !== null && y !== undefined && y > touchY.current + 8) up();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowUp' || e.key === 'PageUp' || e.key === 'Home') up();
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('touchstart', onTouchStart, { passive: true });
    window.addEventListener('touchmove', onTouchMove, { passive: true });
    window.addEventListener('keydown', onKey);
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKey);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  });

  // The document title and the address follow the episode in view (reload opens it; the route stays).
  const comicTitle = comic.data?.title ?? '';
  const inView = episodes.get(current);
  const title = inView ? `${inView.title}${comicTitle ? ` · ${comicTitle}` : ''}` : comicTitle;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    queueMicrotask(() => {
      document.title = title;
    });
  }, [title]);
  useEffect(() => {
    const path = `/comic/${workId}/${current}`;
    if (window.location.pathname !== path) window.history.replaceState(window.history.state, '', path);
  }, [current, workId]);

  // Auto-unlock bought an episode on opening: say so, and refresh the balance and today's spend.
  useEffect(() => {
    for (const ep of episodes.values()) {
      if (ep.charged <= 0 || announced.has(ep.id)) continue;
      announced.add(ep.id);
      toast.success(`已自动购买${ep.title}，花费 ${ep.charged} ${CURRENCY_NAME}`);
      void queryClient.invalidateQueries({ queryKey: ['user', 'status'] });
      void queryClient.invalidateQueries({ queryKey: comicKeys.settings(uid) });
    }
  });

  const open = (eid: number) => {
    setDrawer(false);
    setToolbars(false);
    progress.flush(false);
    navigate(`/comic/${workId}/${eid}`, { replace: true });
  };
  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(`/comic/${workId}`);
  };
  const seek = (value: number) => {
    const layout = layouts.get(current);
    const el = panelsRefs.current.get(current);
    if (!layout || !el) return;
    const pageTop = el.getBoundingClientRect().top + window.scrollY;
    const scrollable = Math.max(0, layout.height - window.innerHeight);
    window.scrollTo(0, pageTop + (scrollable * value) / 100);
  };

  const previous = (() => {
    const i = ids.indexOf(current);
    return i > 0 ? (entries[i - 1] as StripEntry) : null;
  })();
  // The episode opened by address; those before it were prepended while reading up.
  const startIndex = ids.indexOf(startId);
  /**
   * A title not yet known from the episode itself (loading, locked): the open episode before names
   * its next, the open one after (below a prepended episode) its prev.
   */
  const knownTitleOf = (i: number): string | null => {
    const id = ids[i] as number;
    const before = episodes.get(ids[i - 1] as number)?.next;
    const after = episodes.get(ids[i + 1] as number)?.prev;
    if (before?.id === id) return before.title;
    if (after?.id === id) return after.title;
    return null;
  };
  /** The name of a block not open (yet): its title when known, else 上一话 above the episode opened. */
  const titleOf = (i: number): string | null => knownTitleOf(i) ?? (i < startIndex ? '上一话' : null);
  /** A lock card above the episode opened says it is the previous one: 上一话：<title>. */
  const lockTitleOf = (i: number): string | null => {
    const title = knownTitleOf(i);
    if (i >= startIndex) return title;
    return title ? `上一话：${title}` : '上一话';
  };

  // Nothing to tap yet (a lock, a failure, loading): the top bar stays, so there is a way back.
  const startOpen = entries[startIndex]?.state === 'open';
  // Room under the bar for a lock or a failure (not while loading: the pictures would then move up).
  const closed = entries[startIndex]?.state === 'locked' || entries[startIndex]?.state === 'error';
  return (
    <div className={`comic-reader${closed ? ' is-closed' : ''}`}>
      {(toolbars || !startOpen) && (
        <header className="comic-bar comic-bar--top">
          <button type="button" className="comic-bar__back" aria-label="返回" onClick={back}>
            <svg viewBox="0 0 24 24" width="1.5rem" height="1.5rem" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <p className="comic-bar__title">{title}</p>
        </header>
      )}
      <div ref={stripRef} className="comic-strip">
        {(width > 0 || import.meta.env.SSR) &&
          entries.map((entry, i) => {
            const episode = episodes.get(entry.id);
            const layout = layouts.get(entry.id);
            return (
              <section
                key={entry.id}
                ref={(el) => {
                  if (el) blockRefs.current.set(entry.id, el);
                  else blockRefs.current.delete(entry.id);
                }}
                className="comic-episode-block"
                aria-label={episode?.title ?? titleOf(i) ?? '下一话'}
                data-eid={entry.id}
              >
                {i > 0 && (
                  <h2 className="comic-strip__divider">
                    <span>{episode?.title ?? titleOf(i) ?? '下一话'}</span>
                  </h2>
                )}
                {entry.state === 'loading' && <Loading text="正在打开…" />}
                {entry.state === 'error' && (
                  <ErrorState text="这一话加载失败" onRetry={() => void results[i]?.refetch()} />
                )}
                {locks.has(entry.id) && (
                  <LockedEpisode
                    workId={workId}
                    eid={entry.id}
                    title={lockTitleOf(i)}
                    locked={locks.get(entry.id) as UnitLocked}
                    onLowBalance={() => setLowBalance(true)}
                  />
                )}
                {entry.id === startId && entry.state === 'locked' && (
                  <div className="comic-strip__end">
                    <button type="button" className="comic-strip__comments" onClick={() => setDrawer(true)}>
                      选集
                    </button>
                  </div>
                )}
                {episode && layout && (
                  <>
                    {i === 0 && <h1 className="comic-strip__title">{episode.title}</h1>}
                    {/* A tap on the pictures shows or hides the toolbars (the 显示工具栏 button does the same for keys). */}
                    <div
                      ref={(el) => {
                        if (el) panelsRefs.current.set(entry.id, el);
                        else panelsRefs.current.delete(entry.id);
                      }}
                      className="comic-strip__panels"
                      style={import.meta.env.SSR ? undefined : { height: `${layout.height}px` }}
                      onClick={() => setToolbars((v) => !v)}
                    >
                      {episode.panels.map((panel, p) => {
                        const range = shownRanges[entry.id];
                        const load = range !== undefined && p >= range.from && p <= range.to;
                        return (
                          <div
                            // biome-ignore lint/suspicious/noArrayIndexKey: panels are addressed by their index
                            key={p}
                            className="comic-panel"
                            data-panel={p}
                            style={
                              import.meta.env.SSR
                                ? { aspectRatio: panelAspectRatio(panel) }
                                : { height: `${layout.heights[p]}px` }
                            }
                          >
                            {load && (
                              <Image
                                src={panel.url}
                                alt={`${episode.title} 第${p + 1}格`}
                                width={panel.width}
                                height={panel.height}
                                displayWidth={panelDisplayWidth(panel)}
                                loading="eager"
                                fetchPriority={
                                  topPanel?.eid === entry.id && topPanel.panel === p ? 'high' : undefined
                                }
                                decoding="async"
                              />
                            )}
                          </div>
                        );
                      })}
                    </div>
                    <div className="comic-strip__end">
                      <span>{episode.title} 完</span>
                      <button
                        type="button"
                        className="comic-strip__comments"
                        onClick={() => setComments({ eid: episode.id, title: episode.title })}
                      >
                        本话评论（{episode.commentCount}）
                      </button>
                      {episode.nextId === null && (
                        <>
                          <span>已经是最后一话了</span>
                          <Link to={`/comic/${workId}`} className="comic-strip__link">
                            返回详情
                          </Link>
                        </>
                      )}
                    </div>
                  </>
                )}
              </section>
            );
          })}
      </div>
      <button type="button" className="comic-sr comic-reader__toggle" onClick={() => setToolbars((v) => !v)}>
        {toolbars ? '隐藏工具栏' : '显示工具栏'}
      </button>
      {toolbars && (
        <footer className="comic-bar comic-bar--bottom">
          <label className="comic-bar__slider">
            <span>本话 {percent}%</span>
            <input
              type="range"
              min={0}
              max={100}
              value={percent}
              aria-label="本话进度"
              onChange={(e) => seek(Number(e.target.value))}
            />
          </label>
          <div className="comic-bar__row">
            <button
              type="button"
              disabled={!(inView?.prevId ?? previous?.id)}
              onClick={() => {
                const prev = inView?.prevId ?? previous?.id;
                if (prev) open(prev);
              }}
            >
              上一话
            </button>
            <button type="button" onClick={() => setDrawer(true)}>
              选集
            </button>
            <button
              type="button"
              disabled={!inView?.nextId}
              onClick={() => inView?.nextId && open(inView.nextId)}
            >
              {inView ? nextLabel(inView.next) : '下一话'}
            </button>
          </div>
        </footer>
      )}
      <Suspense fallback={null}>
        {drawer && (
          <EpisodeDrawer workId={workId} currentId={current} onPick={open} onClose={() => setDrawer(false)} />
        )}
        {comments && (
          <EpisodeComments
            workId={workId}
            eid={comments.eid}
            title={comments.title}
            onClose={() => setComments(null)}
          />
        )}
      </Suspense>
      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
}
