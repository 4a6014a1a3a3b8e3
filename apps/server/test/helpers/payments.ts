import type { Dialect } from '../../src/db/database.ts';
import { seedRechargePacks } from '../../src/modules/wallet/seed.ts';
import { call, createTestApp, postForm, type TestApp } from './app.ts';
import type { TestUser } from './money.ts';

/** What the portal calls itself; notifies and returns addressed to it are delivered to the real port. */
export const PUBLIC_URL = 'https://pay.portal.example';

export interface PaymentApp extends TestApp {
  /** Where the app really listens (127.0.0.1, a free port). */
  origin: string;
  packs: Array<{ id: number; price: number; diamonds: number; bonus: number }>;
}

/** A real app listening on a free loopback port, with the recharge packs, for the vendors' fakes to call. */
export async function createPaymentApp(
  dialect: Dialect,
  env: Record<string, string>,
  options: { captureLogs?: string[] } = {},
): Promise<PaymentApp> {
  const t = await createTestApp(dialect, { PUBLIC_URL, ...env }, options);
  await seedRechargePacks(t.deps);
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
  return Object.assign(t, { origin, packs });
}

export async function newOrder(t: PaymentApp, user: TestUser, provider?: string, packIndex = 1) {
  const res = await postForm(t.app, '/api/order/payInfo', { packId: t.packs[packIndex].id, provider }, user);
  if (res.code !== 0) throw new Error(`payInfo failed: ${res.msg}`);
  return res.data as { orderId: string; provider: string; amount: number; diamonds: number; payUrl: string };
}

export async function orderRow(t: TestApp, orderId: string) {
  return t.deps.db.kysely
    .selectFrom('recharge_orders')
    .selectAll()
    .where('order_no', '=', orderId)
    .executeTakeFirstOrThrow();
}
