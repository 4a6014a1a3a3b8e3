import type { Episode } from '@ld/contract/comics';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { Empty } from '../../../shared/ui/states';
import { ReaderTopBar } from '../../../shared/works/reader-top-bar';
import { useAutoUnlockNotice } from '../../../shared/works/use-auto-unlock-notice';
import { useCountWorkView } from '../../../shared/works/use-count-work-view';
import { useProgressSaver } from '../../../shared/works/use-progress-saver';
import { comicQuery, useComic, validId } from '../api/get-comic';
import { episodeQuery } from '../api/get-episode';
import { comicKeys } from '../api/keys';
import { blockTitles } from '../reader/block-titles';
import { ComicToolbar } from '../reader/comic-toolbar';
import { serverFirstScreen } from '../reader/server-screen';
import { StripBlock } from '../reader/strip-block';
import { keep, useStripRefs } from '../reader/strip-refs';
import { useColumnWidth } from '../reader/use-column-width';
import { useOpenAtSaved } from '../reader/use-open-at-saved';
import { usePanelRanges } from '../reader/use-panel-ranges';
import { useReaderAddress } from '../reader/use-reader-address';
import { useScrollAnchor } from '../reader/use-scroll-anchor';
import { useStripEpisodes } from '../reader/use-strip-episodes';
import { useViewEvents } from '../reader/use-view-events';
import { useViewReader } from '../reader/use-view-reader';
import '../reader/comic-reader.css';
import { useHydrated } from '../../../shared/hooks/use-hydrated';

// The drawer and the comments load when first opened: they bring the list kit, which the strip
// itself does not need, so the reader's first load stays small.
const EpisodeDrawer = lazy(() =>
  import('../reader/episode-drawer').then((m) => ({ default: m.EpisodeDrawer })),
);
const EpisodeComments = lazy(() =>
  import('../reader/episode-comments').then((m) => ({ default: m.EpisodeComments })),
);

/**
 * The first screen: the comic (the reader's title) and the episode opened by address, so the server
 * renders its first panels as eager pictures (serverFirstScreen), the top one the page's largest
 * paint, found in the HTML rather than after the app's start and a request.
 */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  const eid = Number(params.eid);
  if (!validId(id) || !validId(eid)) return [];
  return [comicQuery(uid, id), episodeQuery(uid, id, eid)];
};

/** The comic reader (`/comic/:id/:eid`): a fresh strip for each episode opened by address. */
export default function ComicReaderPage() {
  const params = useParams();
  const workId = Number(params.id);
  const eid = Number(params.eid);
  // The reader's view of the comic, once per page however many episodes it goes through (the
  // strip below starts afresh for an episode opened by address; the same cached detail).
  const comic = useComic(workId);
  useCountWorkView('comic', workId, comic.data?.id === workId, (uid) => comicKeys.detail(uid, workId));
  if (!validId(workId) || !validId(eid)) return <Empty text="这一话不存在，请从选集重新打开" />;
  return <ComicReader key={`${workId}/${eid}`} workId={workId} startId={eid} />;
}

/**
 * One strip of episodes, read by scrolling: the episode opened and those that join it below and
 * above, at the saved place, its place saved while reading; toolbars on a tap.
 */
function ComicReader({ workId, startId }: { workId: number; startId: number }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const comic = useComic(workId);
  const refs = useStripRefs();
  const width = useColumnWidth(refs.strip);
  const strip = useStripEpisodes(workId, startId, width);
  // Hydrating: the server's first-screen pictures stay mounted (the same <img>, already loading,
  // the page's largest paint), not dropped until the view asks for them again.
  const { ranges, grow } = usePanelRanges(() =>
    hydrated ? {} : serverFirstScreen(strip.episodes.get(startId), startId).ranges,
  );
  const progress = useProgressSaver('comic', workId, {
    onSaved: () => void queryClient.invalidateQueries({ queryKey: comicKeys.details, refetchType: 'none' }),
  });
  const { onView, current, percent } = useViewReader(refs, strip, width, startId, grow, progress);
  useOpenAtSaved(refs, strip, comic, workId, startId, width, grow, onView);
  useScrollAnchor(refs, width);
  useViewEvents(refs, onView);
  const [toolbars, setToolbars] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [lowBalance, setLowBalance] = useState(false);
  const [comments, setComments] = useState<Episode | null>(null);

  const { ids, entries, episodes } = strip;
  const comicTitle = comic.data?.title ?? '';
  const inView = episodes.get(current);
  const title = inView ? `${inView.title}${comicTitle ? ` · ${comicTitle}` : ''}` : comicTitle;
  useReaderAddress(workId, current, title);
  // Auto-unlock bought an episode on opening: say so, and refresh the balance and today's spend.
  useAutoUnlockNotice(
    'comic',
    [...episodes.values()].map((ep) => ({ id: ep.id, charged: ep.charged, what: ep.title })),
  );

  const server = !hydrated ? serverFirstScreen(episodes.get(startId), startId) : null;
  const shownRanges = server ? server.ranges : ranges;
  const topPanel = server ? server.topPanel : refs.firstScreen.current;

  const open = (eid: number) => {
    setDrawer(false);
    setToolbars(false);
    progress.flush(false);
    navigate(`/comic/${workId}/${eid}`, { replace: true });
  };
  const seek = (value: number) => {
    const layout = strip.layouts.get(current);
    const el = refs.panels.current.get(current);
    if (!layout || !el) return;
    const pageTop = el.getBoundingClientRect().top + window.scrollY;
    const scrollable = Math.max(0, layout.height - window.innerHeight);
    window.scrollTo(0, pageTop + (scrollable * value) / 100);
  };
  const toggleToolbars = () => setToolbars((v) => !v);

  const currentIndex = ids.indexOf(current);
  const previousId = currentIndex > 0 ? (ids[currentIndex - 1] as number) : null;
  // The episode opened by address; those before it were prepended while reading up.
  const startIndex = ids.indexOf(startId);
  const titles = blockTitles(ids, episodes, startIndex);
  // Nothing to tap yet (a lock, a failure, loading): the top bar stays, so there is a way back.
  const startOpen = entries[startIndex]?.state === 'open';
  // Room under the bar for a lock, a failure or a missing episode (not while loading: the pictures
  // would then move up).
  const startState = entries[startIndex]?.state;
  const closed = startState === 'locked' || startState === 'error' || startState === 'missing';
  return (
    <div className={`comic-reader${closed ? ' is-closed' : ''}`}>
      {(toolbars || !startOpen) && <ReaderTopBar block="comic-bar" title={title} home={`/comic/${workId}`} />}
      <div ref={refs.strip} className="comic-strip">
        {(width > 0 || !hydrated) &&
          entries.map((entry, i) => (
            <StripBlock
              key={entry.id}
              workId={workId}
              entry={entry}
              index={i}
              isStart={entry.id === startId}
              episode={episodes.get(entry.id)}
              layout={strip.layouts.get(entry.id)}
              locked={strip.locks.get(entry.id)}
              title={titles.titleOf(i)}
              lockTitle={titles.lockTitleOf(i)}
              range={shownRanges[entry.id]}
              topPanel={topPanel?.eid === entry.id ? topPanel.panel : null}
              blockRef={keep(refs.blocks, entry.id)}
              panelsRef={keep(refs.panels, entry.id)}
              onRetry={() => strip.retry(i)}
              onLowBalance={() => setLowBalance(true)}
              onMenu={() => setDrawer(true)}
              onComments={setComments}
              onTap={toggleToolbars}
            />
          ))}
      </div>
      <button type="button" className="comic-sr comic-reader__toggle" onClick={toggleToolbars}>
        {toolbars ? '隐藏工具栏' : '显示工具栏'}
      </button>
      {toolbars && (
        <ComicToolbar
          percent={percent}
          inView={inView}
          prevId={inView?.prevId ?? previousId}
          onSeek={seek}
          onOpen={open}
          onMenu={() => setDrawer(true)}
        />
      )}
      <Suspense fallback={null}>
        {drawer && (
          <EpisodeDrawer workId={workId} currentId={current} onPick={open} onClose={() => setDrawer(false)} />
        )}
        {comments && (
          <EpisodeComments
            workId={workId}
            eid={comments.id}
            title={comments.title}
            onClose={() => setComments(null)}
          />
        )}
      </Suspense>
      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
}
