import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { useAccountStore } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { ORDER_POLL_MS, useOrder } from '../api/get-order';
import { yuanText } from '../lib/money';
import { orderResult } from '../lib/order-result';
import { readReturnPath } from '../lib/return-path';
import './recharge-result.css';

function ResultIcon({ kind }: { kind: 'pending' | 'success' | 'fail' }) {
  const colour = kind === 'success' ? '#16a35c' : kind === 'fail' ? '#f0524f' : '#3d8bfd';
  return (
    <svg
      width="4rem"
      height="4rem"
      viewBox="0 0 64 64"
      aria-hidden="true"
      className={`recharge-result__icon recharge-result__icon--${kind}`}
    >
      <circle cx="32" cy="32" r="30" fill={colour} opacity=".12" />
      <circle cx="32" cy="32" r="22" fill={colour} />
      {kind === 'success' && (
        <path
          d="m22 32 7 7 13-14"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {kind === 'fail' && (
        <path d="m24 24 16 16M40 24 24 40" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      )}
      {kind === 'pending' && (
        <path
          d="M32 20v13l8 5"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/**
 * The result of a payment, after the provider sends the browser back with `orderId`: polls the
 * order every 1.5 s for up to 30 s; on success the balance is refreshed everywhere.
 */
export function RechargeResult({ orderId, onRetry }: { orderId: string; onRetry: () => void }) {
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const elapsed = now - startedAt;
  const order = useOrder(orderId, startedAt);
  const result = order.isError ? 'error' : orderResult(order.data?.status, elapsed);
  const isWaiting = result === 'pending';

  // The clock drives the timeout; the query's own interval drives the polling.
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(() => setNow(Date.now()), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [isWaiting]);

  useEffect(() => {
    if (result !== 'success') return;
    void queryClient.invalidateQueries({ queryKey: ['user', 'status', uid] });
    void queryClient.invalidateQueries({ queryKey: ['user', 'ledger', uid] });
    void queryClient.invalidateQueries({ queryKey: ['user', 'orders', uid] });
  }, [result, queryClient, uid]);

  const back = readReturnPath();
  const again = () => {
    const t = Date.now();
    setStartedAt(t);
    setNow(t);
    void order.refetch();
  };

  if (result === 'success' && order.data) {
    return (
      <section className="recharge-result" role="status">
        <ResultIcon kind="success" />
        <h2>充值成功</h2>
        <p className="recharge-result__amount">
          +{order.data.diamonds} {CURRENCY_NAME}
        </p>
        <p className="recharge-result__hint">
          已支付 {yuanText(order.data.amount)}，{CURRENCY_NAME}已到账
        </p>
        <div className="recharge-result__actions">
          {back && (
            <Link to={back} className="btn btn--primary">
              返回继续
            </Link>
          )}
          <button type="button" className={`btn ${back ? 'btn--ghost' : 'btn--primary'}`} onClick={onRetry}>
            继续充值
          </button>
        </div>
      </section>
    );
  }
  if (result === 'closed' || result === 'error') {
    return (
      <section className="recharge-result" role="alert">
        <ResultIcon kind="fail" />
        <h2>{result === 'closed' ? '订单已关闭' : '支付失败'}</h2>
        <p className="recharge-result__hint">
          {result === 'closed'
            ? '该订单未在 30 分钟内支付，已自动关闭，未产生扣款。'
            : '没有查到该订单的支付结果。'}
          请重新选择档位充值。
        </p>
        <div className="recharge-result__actions">
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            重新充值
          </button>
        </div>
      </section>
    );
  }
  if (result === 'timeout') {
    return (
      <section className="recharge-result" role="status">
        <ResultIcon kind="pending" />
        <h2>暂未收到支付结果</h2>
        <p className="recharge-result__hint">
          {order.data?.status === 'created' ? '如果你没有完成支付，可以重新充值；' : '支付渠道可能有延迟，'}
          已支付的订单到账后会显示在下方「充值订单」中。
        </p>
        <div className="recharge-result__actions">
          <button type="button" className="btn btn--primary" onClick={again}>
            刷新结果
          </button>
          <button type="button" className="btn btn--ghost" onClick={onRetry}>
            重新充值
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="recharge-result" role="status">
      <ResultIcon kind="pending" />
      <h2>支付处理中…</h2>
      <p className="recharge-result__hint">正在确认支付结果，请不要关闭页面</p>
      <span className="spinner" aria-hidden="true" />
    </section>
  );
}
