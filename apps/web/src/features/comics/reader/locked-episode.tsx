import { ErrorCode } from '@ld/contract/codes';
import type { UnitLocked } from '@ld/contract/content';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { toast } from '../../../shared/ui/toast-store';
import { usePutAutoUnlock, useReadingSettings, useUnlockEpisode } from '../api/comic-actions';

/**
 * An episode the caller may not open yet (code 1005), in the strip where it would start: its price
 * and the balance, 购买 (charged once however often it is tapped), 开通会员 for VIP episodes, and the
 * auto-unlock switch with its daily cap; a guest is sent to login first.
 */
export function LockedEpisode({
  workId,
  eid,
  title,
  locked,
  onLowBalance,
}: {
  workId: number;
  eid: number;
  title: string | null;
  locked: UnitLocked;
  onLowBalance(): void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const unlock = useUnlockEpisode();
  const settings = useReadingSettings();
  const saveAuto = usePutAutoUnlock();
  const auto = settings.data?.autoUnlock;
  const headingId = `comic-lock-${eid}`;

  const buy = () =>
    unlock.mutate(
      { workId, eid },
      {
        onSuccess: (answer) =>
          toast.success(
            answer.charged > 0
              ? `购买成功，花费 ${answer.charged} ${CURRENCY_NAME}，余额 ${answer.coinNum}`
              : '本话已解锁',
          ),
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) onLowBalance();
        },
      },
    );

  return (
    <section className="comic-lock" aria-labelledby={headingId}>
      {title && <p className="comic-lock__episode">{title}</p>}
      <h2 id={headingId} className="comic-lock__title">
        {locked.vip ? '本话为 VIP 章节' : '本话为付费章节'}
      </h2>
      <p className="comic-lock__price">
        价格 <strong>{locked.price}</strong> {CURRENCY_NAME}
        {locked.vip && <span>（会员免费）</span>}
      </p>
      {locked.coinNum !== null && (
        <p className="comic-lock__balance">
          余额 {locked.coinNum} {CURRENCY_NAME}
        </p>
      )}
      {isLoggedIn ? (
        <>
          <button type="button" className="comic-lock__buy" disabled={unlock.isPending} onClick={buy}>
            {unlock.isPending ? '购买中…' : `购买 ${locked.price} ${CURRENCY_NAME}`}
          </button>
          {locked.vip && (
            <Link className="comic-lock__vip" to="/profile?fun=member">
              开通会员
            </Link>
          )}
          {auto && (
            <label className="comic-lock__auto">
              <input
                type="checkbox"
                checked={auto.enabled}
                onChange={(e) => saveAuto.mutate({ enabled: e.target.checked, dailyCap: auto.dailyCap })}
              />
              自动购买下一话（每日上限 {auto.dailyCap} {CURRENCY_NAME}）
            </label>
          )}
        </>
      ) : (
        <button type="button" className="comic-lock__buy" onClick={goToLogin}>
          登录后购买
        </button>
      )}
    </section>
  );
}
