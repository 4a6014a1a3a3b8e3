import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { isNotFound } from '../../../shared/http/client';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { formatCount } from '../../../shared/lib/format';
import { useAccountStore } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { savedPosition } from '../../../shared/works/saved-position';
import { UnitLock } from '../../../shared/works/unit-lock';
import { useAutoUnlockNotice } from '../../../shared/works/use-auto-unlock-notice';
import { useCountWorkView } from '../../../shared/works/use-count-work-view';
import { useVideo, validVideoId, videoQuery } from '../api/get-video';
import { videoKeys } from '../api/keys';
import { useSubscribeVideo } from '../api/subscribe-video';
import { NextUp } from '../components/next-up';
import { priceBadge } from '../lib/badge';
import { formatDuration, resumeSecond } from '../lib/time';
import { useVideoProgress } from '../player/use-video-progress';
import './video-page.css';

/** The video the next-video card went on to: it starts playing once its file's header is read. */
let autoplayId: number | null = null;

/**
 * The first screen: the video as a guest sees it. A logged-in viewer's own detail (their lock,
 * their saved second) follows after hydration under their key; the player's source and where it
 * opens are decided per viewer, so the guest's first frame does not carry over.
 */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  return validVideoId(id) ? [videoQuery(uid, id)] : [];
};

/**
 * The player `/video/:id`: the browser's own <video> (seeking asks the server for byte ranges, so
 * the file is never fetched whole), opening at the second saved on any device; a locked video shows
 * its price, the balance, 购买 and 开通会员 instead. Title, views, intro, 收藏 and the next video.
 */
export default function VideoPage() {
  const id = Number(useParams().id);
  const uid = useAccountStore((s) => s.account.uid);
  const video = useVideo(id);
  const goToLogin = useGoToLogin();
  const subscribe = useSubscribeVideo();
  const [lowBalance, setLowBalance] = useState(false);
  const navigate = useNavigate();
  /** The video that ended with a next one to offer (the card), and the one whose autoplay was refused. */
  const [endedId, setEndedId] = useState<number | null>(null);
  const [refusedId, setRefusedId] = useState<number | null>(null);
  const player = useRef<HTMLVideoElement>(null);
  const v = video.data;
  // The signed src is kept once per video: the detail is read again (after 收藏, a purchase) with a
  // new signature, and a new src would reload the player from the start.
  // Per viewer too: the guest's first frame (server-rendered) gives way to the account's own detail.
  const pinned = useRef<{ id: number; uid: string; src: string } | null>(null);
  const pinnedHere = pinned.current?.id === id && pinned.current.uid === uid;
  if (v?.unlocked && v.src && v.id === id && !pinnedHere) pinned.current = { id, uid, src: v.src };
  const src =
    v?.unlocked && pinned.current?.id === id && pinned.current.uid === uid ? pinned.current.src : null;
  const playable = src !== null;

  // The document title is the video's.
  useDocumentTitle(v?.title ?? '');
  // Auto-unlock bought this video on opening: say so, and refresh the balance.
  useAutoUnlockNotice('video', v ? [{ id: v.id, charged: v.charged, what: '本视频' }] : []);

  // Where to open, decided once per video (the account's second, from any device, or this
  // browser's): the saves that follow move the cached progress, never the playhead.
  const openAt = useRef<{ id: number; uid: string; second: number } | null>(null);
  if (v && v.id === id && (openAt.current?.id !== id || openAt.current.uid !== uid)) {
    const saved = savedPosition('video', uid, id, id, { isError: false, isFetching: false, data: v });
    openAt.current = { id, uid, second: resumeSecond(saved?.second, v.duration) };
  }

  useVideoProgress(id, player, playable);
  // The page's view, counted once it shows the video (the detail itself counts none).
  useCountWorkView('video', id, v?.id === id, (viewer) => videoKeys.detail(viewer, id));

  if (!validVideoId(id) || (video.isError && isNotFound(video.error))) {
    return <NotThere text="这个视频不存在或已下架" to="/welfare" label="去看看其他视频" />;
  }
  if (video.isError) return <ErrorState onRetry={() => video.refetch()} />;
  if (!v) return <Loading />;

  const next = v.next;
  const playNext = () => {
    if (!next) return;
    setEndedId(null);
    // A free next video plays on arrival; a priced one opens on its lock (or plays if bought).
    autoplayId = next.id;
    navigate(`/video/${next.id}`, { replace: true });
  };
  const play = (el: HTMLVideoElement) => {
    // Autoplay may be refused (no gesture the browser counts): the play button says what to do.
    el.play()?.catch(() => setRefusedId(v.id));
  };

  const toggleSubscribe = () => {
    if (!uid) {
      goToLogin();
      return;
    }
    subscribe.mutate({ id: v.id, subscribe: !v.subscribed });
  };

  return (
    <div className="video-page">
      <div className="video-page__stage">
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: generated demo videos have no speech to caption
          <video
            key={v.id}
            ref={player}
            className="video-page__video"
            src={src}
            poster={v.cover}
            controls
            playsInline
            preload="metadata"
            aria-label={`视频：${v.title}`}
            onLoadedMetadata={(e) => {
              const at = openAt.current?.id === v.id ? openAt.current.second : 0;
              if (at > 0 && at < e.currentTarget.duration) e.currentTarget.currentTime = at;
              if (autoplayId === v.id) {
                autoplayId = null;
                play(e.currentTarget);
              }
            }}
            onPlay={() => {
              setEndedId(null);
              setRefusedId(null);
            }}
            onEnded={() => {
              if (next) setEndedId(v.id);
            }}
          />
        ) : (
          <>
            <Image className="video-page__poster" src={v.cover} alt="" width={320} height={180} priority />
            <UnitLock
              kind="video"
              block="video-lock"
              workId={v.id}
              unitId={v.id}
              locked={{
                price: v.locked?.price ?? v.price,
                vip: v.locked?.vip ?? v.vip,
                coinNum: v.locked?.coinNum ?? null,
              }}
              refresh={(viewer) => [videoKeys.detail(viewer, v.id)]}
              onLowBalance={() => setLowBalance(true)}
            />
          </>
        )}
        {src && refusedId === v.id && endedId !== v.id && (
          <button
            type="button"
            className="video-page__play"
            onClick={() => {
              setRefusedId(null);
              if (player.current) play(player.current);
            }}
          >
            <svg viewBox="0 0 24 24" width="2rem" height="2rem" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            点击播放
          </button>
        )}
        {next && endedId === v.id && (
          <NextUp key={`next-${v.id}`} next={next} onPlay={playNext} onCancel={() => setEndedId(null)} />
        )}
      </div>
      <section className="video-page__info">
        <h1 className="video-page__title">{v.title}</h1>
        <p className="video-page__meta">
          <span>{formatCount(v.viewCount)} 次播放</span>
          <span>{formatDuration(v.duration)}</span>
          <span>{v.category.name}</span>
          {v.vip ? (
            <span className="video-page__tag is-vip">VIP</span>
          ) : v.price > 0 ? (
            <span className="video-page__tag">付费</span>
          ) : (
            <span className="video-page__tag is-free">免费</span>
          )}
        </p>
        <div className="video-page__actions">
          <button
            type="button"
            className={`video-page__subscribe${v.subscribed ? ' is-on' : ''}`}
            aria-pressed={v.subscribed}
            disabled={subscribe.isPending}
            onClick={toggleSubscribe}
          >
            {v.subscribed ? '已收藏' : '收藏'}
          </button>
        </div>
        {v.intro && <p className="video-page__intro">{v.intro}</p>}
      </section>
      {v.next && (
        <section className="video-page__next" aria-labelledby="video-next-title">
          <h2 id="video-next-title" className="video-page__next-title">
            下一个
          </h2>
          <Link className="video-next" to={`/video/${v.next.id}`} replace>
            <span className="video-next__cover">
              <Image src={v.next.cover} alt="" width={320} height={180} displayWidth={128} />
              <span className="video-next__duration">{formatDuration(v.next.duration)}</span>
            </span>
            <span className="video-next__text">
              <span className="video-next__name">{v.next.title}</span>
              <span className="video-next__meta">
                {formatCount(v.next.viewCount)} 次播放
                {priceBadge(v.next) && ` · ${priceBadge(v.next)?.text}`}
              </span>
            </span>
          </Link>
        </section>
      )}
      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
}
