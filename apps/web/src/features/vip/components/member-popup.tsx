import { ErrorCode } from '@ld/contract/codes';
import { formatDate } from '@ld/contract/relative-time';
import type { VipPlan } from '@ld/contract/vip';
import { useRef, useState } from 'react';
import { useUserStatus } from '../../../shared/api/get-user-status';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Popup } from '../../../shared/ui/adm';
import { useFocusTrap } from '../../../shared/ui/dialog';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { useVipPlans } from '../api/get-vip-plans';
import { useOpenVip } from '../api/open-vip';
import { newRequestId, stackedExpiry } from '../lib/membership';
import { VipBadge } from './vip-badge';
import './member-popup.css';

const dateText = (ms: number) => formatDate(new Date(ms));

function PlanCard({ plan, selected, onSelect }: { plan: VipPlan; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      className={`vip-plan vip-plan--${plan.badge}${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      aria-label={`${plan.name}，${plan.days}天，${plan.price}${CURRENCY_NAME}`}
      onClick={onSelect}
    >
      <VipBadge badge={plan.badge} />
      <span className="vip-plan__name">{plan.name}</span>
      <span className="vip-plan__days">{plan.days}天</span>
      <span className="vip-plan__price">
        {plan.price}
        <small>{CURRENCY_NAME}</small>
      </span>
      {plan.originalPrice > plan.price && <s className="vip-plan__original">{plan.originalPrice}</s>}
    </button>
  );
}

export interface MemberPopupProps {
  onClose: () => void;
  onLowBalance: () => void;
}

/** 开通会员 (`/profile?fun=member`): plans with badges, the current state, the stacked expiry, and paying. */
export default function MemberPopup({ onClose, onLowBalance }: MemberPopupProps) {
  const goToLogin = useGoToLogin();
  const isLoggedIn = useIsLoggedIn();
  const status = useUserStatus().data;
  const plans = useVipPlans();
  const openVip = useOpenVip();
  const [chosen, setChosen] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);
  const selected = plans.data?.find((p) => p.vipType === chosen) ?? plans.data?.[0];
  const isMember = status?.isMember ?? false;

  const open = () => {
    if (!selected) return;
    // The same rule as a paid download: short only when the price is strictly greater (spec §5).
    if (status && selected.price > status.coinNum) {
      onLowBalance();
      return;
    }
    openVip.mutate(
      { vipType: selected.vipType, requestId: newRequestId() },
      {
        onSuccess: (answer) => {
          const until = answer.expTime ? `，有效期至 ${dateText(Date.parse(answer.expTime))}` : '';
          toast.success(`会员开通成功${until}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) onLowBalance();
        },
      },
    );
  };

  let body: React.ReactNode;
  if (plans.isPending) body = <Loading />;
  else if (plans.isError) body = <ErrorState text="会员套餐加载失败" onRetry={() => plans.refetch()} />;
  else
    body = (
      <>
        <div className="vip-popup__plans">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.vipType}
              plan={plan}
              selected={plan.vipType === selected?.vipType}
              onSelect={() => setChosen(plan.vipType)}
            />
          ))}
        </div>
        {selected && <p className="vip-popup__desc">{selected.description}</p>}
        {isLoggedIn && selected && (
          <p className="vip-popup__stack">
            {isMember ? '续费后' : '开通后'}有效期至{' '}
            <strong>{dateText(stackedExpiry(Date.now(), status?.expTime ?? null, selected.days))}</strong>
          </p>
        )}
      </>
    );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="vip-popup">
      <div ref={dialogRef} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby="vip-popup-title">
        <h2 id="vip-popup-title" className="vip-popup__title">
          开通会员
        </h2>
        <button type="button" className="vip-popup__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <p className="vip-popup__state">
          {!isLoggedIn
            ? '登录后即可开通会员'
            : isMember && status?.expTime
              ? `会员 · 有效期至 ${dateText(Date.parse(status.expTime))}`
              : '未开通会员'}
        </p>
        <p className="vip-popup__perk">会员期间，所有付费游戏免费下载</p>
        {body}
        <div className="vip-popup__footer">
          {isLoggedIn ? (
            <>
              <span className="vip-popup__balance">
                余额 {status?.coinNum ?? '—'} {CURRENCY_NAME}
              </span>
              <button
                type="button"
                className="btn btn--primary vip-popup__buy"
                disabled={!selected || openVip.isPending}
                onClick={open}
              >
                {openVip.isPending
                  ? '开通中…'
                  : `立即开通${selected ? `（${selected.price}${CURRENCY_NAME}）` : ''}`}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--primary btn--block" onClick={goToLogin}>
              登录后开通
            </button>
          )}
        </div>
      </div>
    </Popup>
  );
}
