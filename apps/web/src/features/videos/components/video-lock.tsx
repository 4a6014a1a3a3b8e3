import { ErrorCode } from '@ld/contract/codes';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { toast } from '../../../shared/ui/toast-store';
import { useUnlockVideo } from '../api/unlock-video';

/**
 * A video the caller may not play yet: its price and the balance, 购买 (charged once however often
 * it is tapped; short of diamonds opens the low-balance dialog), and 开通会员 for a VIP video; a
 * guest is sent to login first. The same flow as a locked chapter.
 */
export function VideoLock({
  videoId,
  price,
  vip,
  balance,
  onLowBalance,
}: {
  videoId: number;
  price: number;
  vip: boolean;
  /** The caller's diamonds (null for a guest). */
  balance: number | null;
  onLowBalance(): void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const unlock = useUnlockVideo();

  const buy = () =>
    unlock.mutate(videoId, {
      onSuccess: (answer) => {
        toast.success(
          answer.charged > 0
            ? `购买成功，花费 ${answer.charged} ${CURRENCY_NAME}，余额 ${answer.coinNum}`
            : '视频已解锁',
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) onLowBalance();
      },
    });

  return (
    <section className="video-lock" aria-labelledby="video-lock-title">
      <h2 id="video-lock-title" className="video-lock__title">
        {vip ? 'VIP 视频' : '付费视频'}
      </h2>
      <p className="video-lock__price">
        价格 <strong>{price}</strong> {CURRENCY_NAME}
        {vip && <span>（会员免费看）</span>}
      </p>
      {balance !== null && (
        <p className="video-lock__balance">
          余额 {balance} {CURRENCY_NAME}
        </p>
      )}
      <div className="video-lock__actions">
        {isLoggedIn ? (
          <button type="button" className="video-lock__buy" disabled={unlock.isPending} onClick={buy}>
            {unlock.isPending ? '购买中…' : '购买'}
          </button>
        ) : (
          <button type="button" className="video-lock__buy" onClick={goToLogin}>
            登录后购买
          </button>
        )}
        <Link className="video-lock__vip" to="/profile?fun=member">
          开通会员
        </Link>
      </div>
    </section>
  );
}
