import { useEffect, useRef, useState } from 'react';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { Link } from '../../../shared/ui/link';
import { KIND_WORDS } from '../../../shared/works/words';
import type { VideoItem } from '../api/types';

const words = KIND_WORDS.video;

/** Seconds the card counts down before the next free video plays. */
export const NEXT_COUNTDOWN_S = 5;

/**
 * The card over the player when a video ends: the next video (the one 下一个 offers). A free one
 * plays after a visible countdown (取消 stays, 立即播放 goes at once); a priced or VIP one shows its
 * price and 开通会员 and waits for a tap: the list item does not say whether the viewer bought it,
 * and asking its detail could let auto-unlock buy what nobody chose to watch.
 */
export function NextUp({ next, onPlay, onCancel }: { next: VideoItem; onPlay(): void; onCancel(): void }) {
  const locked = next.vip || next.price > 0;
  const [left, setLeft] = useState(NEXT_COUNTDOWN_S);
  const played = useRef(false);
  const play = useRef(onPlay);
  play.current = onPlay;

  useEffect(() => {
    if (locked) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [locked]);
  useEffect(() => {
    if (locked || left > 0 || played.current) return;
    played.current = true;
    play.current();
  }, [left, locked]);

  return (
    <section className="video-next-up" aria-labelledby="video-next-up-title">
      <h2 id="video-next-up-title" className="video-next-up__title">
        {locked ? '播放完毕' : '即将播放'}
      </h2>
      {!locked && (
        <p className="video-next-up__count">
          <strong>{left}</strong> 秒后自动播放
        </p>
      )}
      <p className="video-next-up__name">下一个：{next.title}</p>
      {locked && (
        <p className="video-next-up__price">
          {next.vip ? words.lockedVip : words.lockedPriced} · 价格 <strong>{next.price}</strong>{' '}
          {CURRENCY_NAME}
          {next.vip && words.memberFree}
        </p>
      )}
      <div className="video-next-up__actions">
        <button type="button" className="video-next-up__cancel" onClick={onCancel}>
          取消
        </button>
        {locked && next.vip && (
          <Link className="video-next-up__vip" to="/profile?fun=member">
            开通会员
          </Link>
        )}
        <button
          type="button"
          className="video-next-up__play"
          onClick={() => {
            played.current = true;
            play.current();
          }}
        >
          {locked ? '去看看' : '立即播放'}
        </button>
      </div>
    </section>
  );
}
