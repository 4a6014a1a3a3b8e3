import type { CursorPage } from '@ld/contract/envelope';
import type { LedgerEntry, Order } from '@ld/contract/wallet';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer } from '../../../testing/fake-server';
import { scrollListsToTheEnd } from '../../../testing/infinite-scroll';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { WalletHistory } from './wallet-history';

const time = new Date(2026, 10, 1, 12, 0).toISOString();

/** A server-side list answered by cursor: the cursor is the position of the next row. */
function byCursor<T>(rows: T[]) {
  return ({ form }: FakeRequest): CursorPage<T> => {
    const size = Number(form.get('pageSize'));
    const start = Number(form.get('cursor') ?? '0');
    const next = start + size;
    return {
      records: rows.slice(start, next),
      total: rows.length,
      size,
      current: 1,
      pages: Math.ceil(rows.length / size),
      nextCursor: next < rows.length ? String(next) : null,
    };
  };
}

const ledger: LedgerEntry[] = Array.from({ length: 13 }, (_, i) => ({
  id: 100 - i,
  delta: 10,
  balanceAfter: 1000 - i * 10,
  reason: 'gift',
  reasonText: `系统赠送 ${i + 1}`,
  ref: `r${i}`,
  createTime: time,
}));
const orders: Order[] = Array.from({ length: 12 }, (_, i) => ({
  orderId: `LD2026${String(i + 1).padStart(4, '0')}`,
  packId: 1,
  provider: 'alipay',
  providerName: '支付宝',
  amount: 600,
  diamonds: 60,
  status: 'credited',
  statusText: '已到账',
  createTime: time,
  paidTime: time,
  expireTime: time,
}));

describe('收支明细 and 充值订单', () => {
  it('scroll on by cursor to the last entry, never asking for a page number', async () => {
    scrollListsToTheEnd();
    const server = fakeServer()
      .on('POST /user/center/coin/all', byCursor(ledger))
      .on('POST /user/center/coin/order', byCursor(orders));
    const { user } = renderApp(<WalletHistory />, { account: TEST_ACCOUNT, server });

    // The machine may be busy: give the second page time to come.
    const slow = { timeout: 5000 };
    expect(await screen.findByText('系统赠送 13', {}, slow)).toBeTruthy();
    expect(screen.getByText('系统赠送 1')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '充值订单' }));
    expect(await screen.findByText(/订单号 LD20260012/, {}, slow)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByText('没有更多了')).toHaveLength(2), slow);

    for (const path of ['POST /user/center/coin/all', 'POST /user/center/coin/order'] as const) {
      const asked = server.requestsTo(path);
      expect(asked.map((r) => r.form.get('cursor'))).toEqual([null, '10']);
      expect(asked.every((r) => r.form.get('currentPage') === null)).toBe(true);
    }
  });
});
