import { formatDateTime } from '@ld/contract/relative-time';
import type { LedgerEntry, Order } from '@ld/contract/wallet';
import { useState } from 'react';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { Tabs } from '../../../shared/ui/adm';
import { PagedList } from '../../../shared/ui/paged-list';
import { useLedger } from '../api/get-ledger';
import { useOrders } from '../api/get-orders';
import { deltaText, yuanText } from '../lib/money';
import { ORDER_STATUS_LABEL } from '../lib/order-result';
import './wallet-history.css';

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const kind = entry.delta > 0 ? 'in' : entry.delta < 0 ? 'out' : 'zero';
  return (
    <div className="wallet-row">
      <div className="wallet-row__main">
        <span className="wallet-row__title">{entry.reasonText}</span>
        <span className="wallet-row__time">{formatDateTime(entry.createTime)}</span>
      </div>
      <div className="wallet-row__side">
        <span className={`wallet-row__delta wallet-row__delta--${kind}`}>
          {deltaText(entry.delta)} {CURRENCY_NAME}
        </span>
        <span className="wallet-row__time">余额 {entry.balanceAfter}</span>
      </div>
    </div>
  );
}

function OrderRow({ order }: { order: Order }) {
  return (
    <div className="wallet-row">
      <div className="wallet-row__main">
        <span className="wallet-row__title">
          {order.diamonds} {CURRENCY_NAME}
          <em>{yuanText(order.amount)}</em>
        </span>
        <span className="wallet-row__time">
          {formatDateTime(order.createTime)} · {order.providerName} · 订单号 {order.orderId}
        </span>
      </div>
      <span className={`wallet-row__status wallet-row__status--${order.status}`}>
        {order.statusText || ORDER_STATUS_LABEL[order.status]}
      </span>
    </div>
  );
}

function LedgerList() {
  const query = useLedger();
  return (
    <PagedList
      query={query}
      pullToRefresh={false}
      itemKey={(e) => e.id}
      renderItem={(e) => <LedgerRow entry={e} />}
      emptyText={`还没有${CURRENCY_NAME}收支记录，充值或领取奖励后会显示在这里`}
    />
  );
}

function OrderList() {
  const query = useOrders();
  return (
    <PagedList
      query={query}
      pullToRefresh={false}
      itemKey={(o) => o.orderId}
      renderItem={(o) => <OrderRow order={o} />}
      emptyText="还没有充值订单，选择上方档位即可充值"
    />
  );
}

/** 收支明细 and 充值订单, below the recharge packs. */
export function WalletHistory() {
  const [tab, setTab] = useState('ledger');
  return (
    <section className="wallet-history">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="ledger" title="收支明细">
          <LedgerList />
        </Tabs.Tab>
        <Tabs.Tab key="orders" title="充值订单">
          <OrderList />
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
