import { relativeTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { isNotFound } from '../../../shared/http/client';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { useCountWorkView } from '../../../shared/works/use-count-work-view';
import { useFirstChapters } from '../api/get-chapters';
import { novelQuery, useNovel } from '../api/get-novel';
import { novelKeys } from '../api/keys';
import { useSubscribeNovel } from '../api/subscribe-novel';
import { OfflineDownload } from '../components/offline-download';
import { statusText, wordCountText } from '../lib/format';
import './book-info-page.css';
import { BOOK_COVER_WIDTH } from '../lib/cover-sizes';

/** An intro longer than this starts folded behind 展开. */
export const INTRO_FOLD_CHARS = 80;

/**
 * The first screen: the book. (Its first chapter, for 开始阅读, is asked once the book's chapter
 * count is known: a second request after the first, left to the browser.)
 */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? [novelQuery(uid, id)] : [];
};

/** 书籍详情: cover and facts, the intro, the latest chapter, 开始/继续阅读, 加入书架 and 目录. */
export default function BookInfoPage() {
  const id = Number(useParams().id);
  const isValidId = Number.isSafeInteger(id) && id > 0;
  // A logged-in reader sees the server's guest copy until their own comes (no loading flash).
  const book = useNovel(id, { guestCopyMeanwhile: true });
  const own = book.data?.id === id && !book.isPlaceholderData;
  // The page's view, counted once it shows the book (the detail itself counts none), with the
  // reader's own copy: the count it answers goes into that one.
  useCountWorkView('novel', id, own, (uid) => novelKeys.detail(uid, id));
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const subscribe = useSubscribeNovel();
  const [unfolded, setUnfolded] = useState(false);
  const hasProgress = Boolean(book.data?.progress);
  // The first chapter for 开始阅读, once the reader's own copy says there is no progress to go on from.
  const first = useFirstChapters(hasProgress || !own ? 0 : id, book.data?.unitCount ?? 0);

  if (!isValidId || (book.isError && isNotFound(book.error))) {
    return (
      <NotThere text="这本书不存在或已下架" to="/novels" label="去书城看看" className="book-info__ghost" />
    );
  }
  if (book.isError) return <ErrorState onRetry={() => book.refetch()} />;
  if (!book.data) return <Loading />;
  const b = book.data;
  const progress = b.progress;
  const firstChapter = first.data?.records[0];
  const readHref = progress
    ? `/readbook/${b.id}/${progress.unitId}`
    : firstChapter
      ? `/readbook/${b.id}/${firstChapter.id}`
      : null;
  const foldable = b.intro.length > INTRO_FOLD_CHARS;

  const toggleShelf = () => {
    if (!isLoggedIn) {
      goToLogin();
      return;
    }
    subscribe.mutate({ id: b.id, subscribe: !b.subscribed });
  };

  return (
    <div className="book-info">
      <section className="book-info__head">
        <Image
          className="book-info__cover"
          src={b.cover}
          alt={`《${b.title}》封面`}
          displayWidth={BOOK_COVER_WIDTH}
          priority
          width={300}
          height={400}
        />
        <div className="book-info__facts">
          <h2 className="book-info__title">{b.title}</h2>
          <p className="book-info__author">{b.author} 著</p>
          <p className="book-info__meta">
            <span className="book-info__category">{b.category.name}</span>
            <span className={`book-info__status${b.status === 1 ? ' is-finished' : ''}`}>
              {statusText(b.status)}
            </span>
          </p>
          <p className="book-info__meta">
            {b.wordCount !== null && <span>{wordCountText(b.wordCount)}</span>}
            <span>共{b.unitCount}章</span>
          </p>
          {b.tags.length > 0 && (
            <ul className="book-info__tags" aria-label="标签">
              {b.tags.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className="book-info__card" aria-label="简介">
        <h3 className="book-info__heading">简介</h3>
        <p className={`book-info__intro${foldable && !unfolded ? ' is-folded' : ''}`}>{b.intro}</p>
        {foldable && (
          <button
            type="button"
            className="book-info__fold"
            aria-expanded={unfolded}
            onClick={() => setUnfolded((u) => !u)}
          >
            {unfolded ? '收起' : '展开'}
          </button>
        )}
      </section>

      <Link to={`/bookmenu/${b.id}`} className="book-info__card book-info__menu">
        <span className="book-info__heading">目录</span>
        <span className="book-info__latest">
          {b.latestUnit ? (
            <>
              最新：{b.latestUnit.title}
              <span className="book-info__time">{relativeTime(b.latestUnit.updateTime)}更新</span>
            </>
          ) : (
            '暂无章节'
          )}
        </span>
        <span className="book-info__arrow" aria-hidden="true">
          ›
        </span>
      </Link>

      {progress && (
        <p className="book-info__progress">
          上次读到：{progress.unitTitle}（{progress.percent}%）
        </p>
      )}

      {isLoggedIn && b.subscribed && <OfflineDownload book={b} />}

      <div className="book-info__bar">
        <button
          type="button"
          className={`book-info__shelf${b.subscribed ? ' is-on' : ''}`}
          onClick={toggleShelf}
          disabled={subscribe.isPending}
          aria-pressed={isLoggedIn ? b.subscribed : undefined}
        >
          {b.subscribed ? '已在书架' : '加入书架'}
        </button>
        {readHref ? (
          <Link to={readHref} className="book-info__read">
            {progress ? `继续阅读 ${progress.unitTitle}` : '开始阅读'}
          </Link>
        ) : (
          <span className="book-info__read is-disabled" aria-disabled="true">
            {b.unitCount === 0 ? '暂无章节' : '开始阅读'}
          </span>
        )}
      </div>
    </div>
  );
}
