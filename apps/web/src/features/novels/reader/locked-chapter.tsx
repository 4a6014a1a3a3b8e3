import { ErrorCode } from '@ld/contract/codes';
import type { UnitLocked } from '@ld/contract/content';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { toast } from '../../../shared/ui/toast-store';
import { usePutReadingSettings, useReadingSettings } from '../api/reading-settings';
import { useUnlockUnit } from '../api/unlock-unit';

/**
 * A chapter the caller may not open yet (code 1005): its price and the balance, 购买本章 (charged
 * once, however often it is tapped), 开通会员 for VIP chapters, and the auto-unlock switch; a
 * guest is sent to login first.
 */
export function LockedChapter({
  workId,
  unitId,
  title,
  locked,
  onLowBalance,
}: {
  workId: number;
  unitId: number;
  title: string | null;
  locked: UnitLocked;
  onLowBalance(): void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const unlock = useUnlockUnit();
  const settings = useReadingSettings();
  const saveSettings = usePutReadingSettings();
  const auto = settings.data?.autoUnlock;

  const buy = () => {
    unlock.mutate(
      { workId, unitId },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.charged > 0
              ? `购买成功，花费 ${answer.charged} ${CURRENCY_NAME}，余额 ${answer.coinNum}`
              : '本章已解锁',
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) onLowBalance();
        },
      },
    );
  };

  return (
    <section className="reader-lock" aria-labelledby="reader-lock-title">
      {title && <p className="reader-lock__chapter">{title}</p>}
      <h2 id="reader-lock-title" className="reader-lock__title">
        {locked.vip ? '本章为 VIP 章节' : '本章为付费章节'}
      </h2>
      <p className="reader-lock__price">
        价格 <strong>{locked.price}</strong> {CURRENCY_NAME}
        {locked.vip && <span>（会员免费）</span>}
      </p>
      {locked.coinNum !== null && (
        <p className="reader-lock__balance">
          余额 {locked.coinNum} {CURRENCY_NAME}
        </p>
      )}
      {isLoggedIn ? (
        <>
          <button type="button" className="reader-lock__buy" disabled={unlock.isPending} onClick={buy}>
            {unlock.isPending ? '购买中…' : '购买本章'}
          </button>
          <Link className="reader-lock__vip" to="/profile?fun=member">
            开通会员
          </Link>
          {auto && (
            <label className="reader-lock__auto">
              <input
                type="checkbox"
                checked={auto.enabled}
                onChange={(e) =>
                  saveSettings.mutate({ autoUnlock: { enabled: e.target.checked, dailyCap: auto.dailyCap } })
                }
              />
              自动购买下一章（每日上限 {auto.dailyCap} {CURRENCY_NAME}）
            </label>
          )}
        </>
      ) : (
        <button type="button" className="reader-lock__buy" onClick={goToLogin}>
          登录后购买
        </button>
      )}
    </section>
  );
}
