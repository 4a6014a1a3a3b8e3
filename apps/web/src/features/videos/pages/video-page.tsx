import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { formatCount } from '../../../shared/lib/format';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { useAccountStore } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { isVideoMissing, useVideo, validVideoId } from '../api/get-video';
import { useSubscribeVideo } from '../api/subscribe-video';
import type { VideoDetail } from '../api/types';
import { VideoLock } from '../components/video-lock';
import { formatDuration, resumeSecond } from '../lib/time';
import { useVideoProgress } from '../player/use-video-progress';
import './video-page.css';

/** The saved second of a video: the account's (any device) when logged in, else this browser's. */
function savedSecondOf(video: VideoDetail, uid: string): number | null {
  if (uid === '') {
    const saved = guestProgress.get('video', video.id);
    return saved && 'second' in saved.position ? saved.position.second : null;
  }
  const position = video.progress?.position;
  return position && 'second' in position ? position.second : null;
}

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
  const player = useRef<HTMLVideoElement>(null);
  const v = video.data;
  const playable = Boolean(v?.unlocked && v.src);

  // The document title is the video's (set after the root layout's route title).
  const title = v?.title ?? '';
  useEffect(() => {
    if (!title) return;
    document.title = title;
    queueMicrotask(() => {
      document.title = title;
    });
  }, [title]);

  // Where to open, decided once per video: the saves that follow move the cached progress, never
  // the playhead.
  const openAt = useRef<{ id: number; second: number } | null>(null);
  if (v && v.id === id && openAt.current?.id !== id) {
    openAt.current = { id, second: resumeSecond(savedSecondOf(v, uid), v.duration) };
  }

  useVideoProgress(id, player, playable);

  if (!validVideoId(id) || (video.isError && isVideoMissing(video.error))) {
    return (
      <Empty
        text="这个视频不存在或已下架"
        action={
          <Link to="/welfare" className="btn btn--ghost">
            去看看其他视频
          </Link>
        }
      />
    );
  }
  if (video.isError) return <ErrorState onRetry={() => video.refetch()} />;
  if (!v) return <Loading />;

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
        {playable && v.src ? (
          // biome-ignore lint/a11y/useMediaCaption: generated demo videos have no speech to caption
          <video
            key={v.id}
            ref={player}
            className="video-page__video"
            src={v.src}
            poster={v.cover}
            controls
            playsInline
            preload="metadata"
            aria-label={`视频：${v.title}`}
            onLoadedMetadata={(e) => {
              const at = openAt.current?.id === v.id ? openAt.current.second : 0;
              if (at > 0 && at < e.currentTarget.duration) e.currentTarget.currentTime = at;
            }}
          />
        ) : (
          <>
            <Image className="video-page__poster" src={v.cover} alt="" width={320} height={180} priority />
            <VideoLock videoId={v.id} price={v.price} vip={v.vip} onLowBalance={() => setLowBalance(true)} />
          </>
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
          {v.nextId !== null && (
            <Link className="video-page__next" to={`/video/${v.nextId}`} replace>
              下一个视频
            </Link>
          )}
        </div>
        {v.intro && <p className="video-page__intro">{v.intro}</p>}
      </section>
      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
}
