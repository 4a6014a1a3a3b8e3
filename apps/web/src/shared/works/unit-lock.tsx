import { ErrorCode } from '@ld/contract/codes';
import type { UnitLocked, WorkKind } from '@ld/contract/content';
import type { QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { useGoToLogin } from '../hooks/use-go-to-login';
import { ApiError } from '../http/client';
import { CURRENCY_NAME } from '../lib/brand';
import { useIsLoggedIn } from '../stores/account';
import { Link } from '../ui/link';
import { toast } from '../ui/toast-store';
import { useUnlockUnit } from './api/unlock-unit';
import { AutoUnlockSwitch } from './auto-unlock-switch';
import { KIND_WORDS } from './words';

export interface UnitLockProps {
  kind: WorkKind;
  workId: number;
  unitId: number;
  /** The unit's name when known (上一话：<title>); videos show none. */
  title?: string | null;
  locked: UnitLocked;
  /** The class block of the reader's CSS: reader-lock, comic-lock, video-lock. */
  block: string;
  /** The kind's queries a purchase opens (the unit, its menu, the detail). */
  refresh(uid: string): readonly QueryKey[];
  onLowBalance(): void;
}

/**
 * A unit the caller may not open yet (code 1005), for every kind: its price and the balance, the
 * buy button (charged once, however often it is tapped; too few diamonds opens the low-balance
 * dialog), 开通会员, and the auto-unlock switch where the kind has one; a guest is sent to login.
 */
export function UnitLock({
  kind,
  workId,
  unitId,
  title,
  locked,
  block,
  refresh,
  onLowBalance,
}: UnitLockProps) {
  const words = KIND_WORDS[kind];
  const headingId = useId();
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const unlock = useUnlockUnit(kind, refresh);

  const buy = () =>
    unlock.mutate(
      { workId, unitId },
      {
        onSuccess: (answer) =>
          toast.success(
            answer.charged > 0
              ? `购买成功，花费 ${answer.charged} ${CURRENCY_NAME}，余额 ${answer.coinNum}`
              : words.alreadyOpen,
          ),
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) onLowBalance();
        },
      },
    );

  const memberLink =
    words.memberLink === 'always' || (isLoggedIn && (words.memberLink === 'users' || locked.vip));
  return (
    <section className={block} aria-labelledby={headingId}>
      {title && <p className={`${block}__${words.unitClass}`}>{title}</p>}
      <h2 id={headingId} className={`${block}__title`}>
        {locked.vip ? words.lockedVip : words.lockedPriced}
      </h2>
      <p className={`${block}__price`}>
        价格 <strong>{locked.price}</strong> {CURRENCY_NAME}
        {locked.vip && <span>{words.memberFree}</span>}
      </p>
      {locked.coinNum !== null && (
        <p className={`${block}__balance`}>
          余额 {locked.coinNum} {CURRENCY_NAME}
        </p>
      )}
      <div className={`${block}__actions`}>
        {isLoggedIn ? (
          <button type="button" className={`${block}__buy`} disabled={unlock.isPending} onClick={buy}>
            {unlock.isPending ? '购买中…' : words.buy(locked.price)}
          </button>
        ) : (
          <button type="button" className={`${block}__buy`} onClick={goToLogin}>
            登录后购买
          </button>
        )}
        {memberLink && (
          <Link className={`${block}__vip`} to="/profile?fun=member">
            开通会员
          </Link>
        )}
      </div>
      {isLoggedIn && words.autoUnlock && (
        <AutoUnlockSwitch className={`${block}__auto`} label={words.autoUnlock} />
      )}
    </section>
  );
}
