import type { Unit } from '@ld/contract/content';
import { useState } from 'react';
import { useParams } from 'react-router';
import { threadsQuery } from '../../../shared/comments/api/threads';
import { threadPlace } from '../../../shared/comments/place';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { isNotFound } from '../../../shared/http/client';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { useCountWorkView } from '../../../shared/works/use-count-work-view';
import { WorkComments } from '../../../shared/works/work-comments';
import {
  comicQuery,
  type EpisodeOrder,
  episodesQuery,
  useComic,
  useEpisodes,
  validId,
} from '../api/get-comic';
import { comicKeys } from '../api/keys';
import { useSubscribeComic } from '../api/subscribe-comic';
import { COMIC_COVER_WIDTH } from '../lib/cover-sizes';
import { priceBadge, statusText } from '../lib/format';
import './comic-detail-page.css';

/** An intro longer than this starts folded behind 展开. */
const INTRO_FOLD_CHARS = 80;

/** The first screen: the comic, its first episodes in the default order (正序) and its comments (热门). */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  if (!validId(id)) return [];
  return [
    comicQuery(uid, id),
    episodesQuery(uid, id, 'asc'),
    threadsQuery(threadPlace(commentsPath(id)), 1, uid),
  ];
};

/** Under `/api`: the comic's comment thread. */
const commentsPath = (id: number) => `/v1/comic/${id}/comments`;

/** 漫画详情 (`/comic/:id`): cover and facts, intro, 订阅, 开始/继续阅读, and the episodes (正序/倒序). */
export default function ComicDetailPage() {
  const id = Number(useParams().id);
  // A logged-in reader sees the server's guest copy until their own comes (no loading flash).
  const comic = useComic(id, { guestCopyMeanwhile: true });
  // The page's view, counted once it shows the reader's own copy (the detail itself counts none).
  useCountWorkView('comic', id, comic.data?.id === id && !comic.isPlaceholderData, (uid) =>
    comicKeys.detail(uid, id),
  );
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const subscribe = useSubscribeComic();
  const [order, setOrder] = useSessionState<EpisodeOrder>(`comic.${id}.order`, 'asc');
  const episodes = useEpisodes(id, order, { guestCopyMeanwhile: true });
  const firstAsc = useEpisodes(id, 'asc', { guestCopyMeanwhile: true });
  const [unfolded, setUnfolded] = useState(false);

  if (!validId(id) || (comic.isError && isNotFound(comic.error))) {
    return <NotThere text="这部漫画不存在或已下架" to="/animate" label="去色漫看看" />;
  }
  if (comic.isError) return <ErrorState onRetry={() => comic.refetch()} />;
  if (!comic.data) return <Loading />;
  const c = comic.data;
  const progress = c.progress;
  const first = firstAsc.data?.pages[0]?.records[0];
  const readHref = progress
    ? `/comic/${c.id}/${progress.unitId}`
    : first
      ? `/comic/${c.id}/${first.id}`
      : null;
  const foldable = c.intro.length > INTRO_FOLD_CHARS;

  const toggleSubscribe = () => {
    if (!isLoggedIn) {
      goToLogin();
      return;
    }
    subscribe.mutate({ id: c.id, subscribe: !c.subscribed });
  };

  return (
    <div className="comic-detail">
      <section className="comic-detail__head">
        <Image
          className="comic-detail__cover"
          src={c.cover}
          alt={`《${c.title}》封面`}
          width={300}
          height={400}
          displayWidth={COMIC_COVER_WIDTH}
          priority
        />
        <div className="comic-detail__facts">
          <h1 className="comic-detail__title">{c.title}</h1>
          <p className="comic-detail__author">{c.author}</p>
          <p className="comic-detail__meta">
            <span>{c.category.name}</span>
            <span className={`comic-detail__status${c.status === 1 ? ' is-finished' : ''}`}>
              {statusText(c.status)}
            </span>
            <span>共{c.unitCount}话</span>
          </p>
          {c.tags.length > 0 && (
            <ul className="comic-detail__tags" aria-label="标签">
              {c.tags.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className="comic-detail__card" aria-labelledby="comic-intro">
        <h2 id="comic-intro" className="comic-detail__heading">
          简介
        </h2>
        <p className={`comic-detail__intro${foldable && !unfolded ? ' is-folded' : ''}`}>{c.intro}</p>
        {foldable && (
          <button
            type="button"
            className="comic-detail__fold"
            aria-expanded={unfolded}
            onClick={() => setUnfolded((u) => !u)}
          >
            {unfolded ? '收起' : '展开'}
          </button>
        )}
      </section>

      {progress && (
        <p className="comic-detail__progress">
          上次看到：{progress.unitTitle}（{progress.percent}%）
        </p>
      )}

      <section className="comic-detail__card" aria-labelledby="comic-episodes">
        <div className="comic-detail__row">
          <h2 id="comic-episodes" className="comic-detail__heading">
            选集
          </h2>
          <button
            type="button"
            className="comic-detail__order"
            onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
          >
            {order === 'asc' ? '正序' : '倒序'}
          </button>
        </div>
        <PagedList<Unit>
          query={episodes}
          pullToRefresh={false}
          className="comic-episodes"
          itemKey={(u) => u.id}
          emptyText="还没有更新"
          renderItem={(u) => <EpisodeRow workId={c.id} unit={u} current={progress?.unitId === u.id} />}
        />
      </section>

      <section className="comic-detail__card" aria-labelledby="comic-comments">
        <h2 id="comic-comments" className="comic-detail__heading">
          评论
        </h2>
        <WorkComments path={commentsPath(c.id)} label="漫画" />
      </section>

      <div className="comic-detail__bar">
        <button
          type="button"
          className={`comic-detail__subscribe${c.subscribed ? ' is-on' : ''}`}
          onClick={toggleSubscribe}
          disabled={subscribe.isPending}
          aria-pressed={isLoggedIn ? c.subscribed : undefined}
        >
          {c.subscribed ? '已订阅' : '订阅'}
        </button>
        {readHref ? (
          <Link to={readHref} className="comic-detail__read">
            {progress ? `继续阅读 ${progress.unitTitle}` : '开始阅读'}
          </Link>
        ) : (
          <span className="comic-detail__read is-disabled" aria-disabled="true">
            {c.unitCount === 0 ? '暂无章节' : '开始阅读'}
          </span>
        )}
      </div>
    </div>
  );
}

function EpisodeRow({ workId, unit, current }: { workId: number; unit: Unit; current: boolean }) {
  const badge = priceBadge(unit);
  const locked = !unit.unlocked && (unit.price > 0 || unit.vip);
  return (
    <Link
      to={`/comic/${workId}/${unit.id}`}
      className={`comic-episode${unit.read ? ' is-read' : ''}${current ? ' is-current' : ''}`}
      aria-current={current ? 'true' : undefined}
    >
      <span className="comic-episode__title">{unit.title}</span>
      {current ? (
        <span className="comic-episode__mark">上次看到</span>
      ) : (
        unit.read && <span className="comic-episode__mark">已读</span>
      )}
      {badge && <span className={`comic-episode__badge${locked ? ' is-locked' : ''}`}>{badge}</span>}
    </Link>
  );
}
