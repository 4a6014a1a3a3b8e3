import type { PayProvider, RechargePack } from '@ld/contract/wallet';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserStatus } from '../../../shared/api/get-user-status';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { useCreatePayInfo } from '../api/create-pay-info';
import { usePayMethods } from '../api/get-pay-methods';
import { useRechargePacks } from '../api/get-recharge-packs';
import { OpenInBrowser } from '../components/open-in-browser';
import { PayMethodPicker } from '../components/pay-method-picker';
import { RechargeResult } from '../components/recharge-result';
import { WalletHistory } from '../components/wallet-history';
import { usableMethods } from '../lib/in-app-browser';
import { yuanText } from '../lib/money';
import { rememberReturnPath } from '../lib/return-path';
import './recharge-page.css';

function DiamondIcon() {
  return (
    <svg width="1.75rem" height="1.75rem" viewBox="0 0 28 28" aria-hidden="true">
      <path d="M7 4h14l5 7-12 14L2 11z" fill="#7ab8ff" />
      <path d="M2 11h24L14 25z" fill="#3d8bfd" />
      <path d="m7 4 3 7 4-7 4 7 3-7" fill="none" stroke="#fff" strokeWidth="1.2" opacity=".8" />
    </svg>
  );
}

function PackButton({
  pack,
  selected,
  onSelect,
}: {
  pack: RechargePack;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className={`recharge-pack${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      aria-label={`${pack.diamonds}${CURRENCY_NAME}${pack.bonus ? `，加赠${pack.bonus}` : ''}，${yuanText(pack.price)}`}
      onClick={onSelect}
    >
      {pack.tag && <span className="recharge-pack__tag">{pack.tag}</span>}
      <span className="recharge-pack__diamonds">
        <DiamondIcon />
        {pack.diamonds}
      </span>
      <span className="recharge-pack__bonus">{pack.bonus > 0 ? `加赠 ${pack.bonus}` : '\u00a0'}</span>
      <span className="recharge-pack__price">{yuanText(pack.price)}</span>
    </button>
  );
}

/** 蓝钻充值: balance, packs, pay through the provider; with `orderId` the payment result; then the history. */
export default function RechargePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const orderId = search.get('orderId') ?? '';
  const status = useUserStatus();
  const packs = useRechargePacks();
  const methods = usePayMethods();
  const pay = useCreatePayInfo();
  const resetPay = pay.reset;

  // Coming back from the checkout with the browser's back button restores this page as it was
  // left ("正在前往支付…"); make the button usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetPay();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [resetPay]);
  const [chosen, setChosen] = useState<number | null>(null);
  const selectedId = chosen ?? packs.data?.[0]?.id ?? null;
  const selected = packs.data?.find((p) => p.id === selectedId);
  const usable = useMemo(() => usableMethods(methods.data ?? [], navigator.userAgent), [methods.data]);
  const hidden = (methods.data ?? []).filter((m) => !usable.includes(m)).map((m) => m.name);
  const [chosenMethod, setChosenMethod] = useState<PayProvider | null>(null);
  const method = usable.find((m) => m.provider === chosenMethod) ?? usable[0] ?? null;

  const startPay = () => {
    if (!selected || !method) return;
    rememberReturnPath(search.get('back'));
    pay.mutate(
      { packId: selected.id, provider: method.provider },
      {
        // The provider's checkout page takes over; it sends the browser back here with the orderId.
        onSuccess: (info) => window.location.assign(info.payUrl),
      },
    );
  };

  return (
    <div className="recharge">
      <section className="recharge__balance">
        <span>我的{CURRENCY_NAME}</span>
        <strong className="recharge__coins">{status.data ? status.data.coinNum : '—'}</strong>
        <small>{CURRENCY_NAME}可用于购买游戏、开通会员</small>
      </section>

      {orderId ? (
        <RechargeResult orderId={orderId} onRetry={() => navigate('/recharge', { replace: true })} />
      ) : (
        <section className="recharge__packs" aria-labelledby="recharge-packs">
          <h2 id="recharge-packs">选择充值档位</h2>
          {packs.isPending && <Loading />}
          {packs.isError && <ErrorState text="充值档位加载失败" onRetry={() => packs.refetch()} />}
          {packs.data && (
            <>
              <div className="recharge__grid">
                {packs.data.map((pack) => (
                  <PackButton
                    key={pack.id}
                    pack={pack}
                    selected={pack.id === selectedId}
                    onSelect={() => setChosen(pack.id)}
                  />
                ))}
              </div>
              {methods.isPending && <Loading />}
              {methods.isError && <ErrorState text="支付方式加载失败" onRetry={() => methods.refetch()} />}
              {usable.length > 0 && (
                <PayMethodPicker
                  methods={usable}
                  chosen={method?.provider ?? null}
                  onChoose={setChosenMethod}
                />
              )}
              {hidden.length > 0 && <OpenInBrowser hidden={hidden} />}
              {method && (
                <button
                  type="button"
                  className="btn btn--primary btn--block recharge__pay"
                  disabled={!selected || pay.isPending || pay.isSuccess}
                  onClick={startPay}
                >
                  {pay.isPending || pay.isSuccess
                    ? '正在前往支付…'
                    : selected
                      ? `立即充值 ${yuanText(selected.price)}`
                      : '立即充值'}
                </button>
              )}
              <p className="recharge__note">
                1 元 = 10 {CURRENCY_NAME}，支付完成后自动到账；未支付的订单 30 分钟后自动关闭。
              </p>
            </>
          )}
        </section>
      )}

      <WalletHistory />
    </div>
  );
}
