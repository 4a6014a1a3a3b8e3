import type { Deps } from '../../platform/deps.ts';
import { DEMO_LOGIN_NAME, findUserIdByLoginName } from '../accounts/public.ts';
import { insertPacks } from './repository.ts';
import { grantDiamonds } from './service.ts';

/** Diamonds the demo account starts with, so paid downloads and membership can be tried at once. */
export const DEMO_DIAMONDS = 500;

/** The six recharge packs: 1 yuan buys 10 diamonds, larger packs add a bonus. */
export async function seedRechargePacks(deps: Pick<Deps, 'db'>): Promise<void> {
  await insertPacks(deps.db.kysely, [
    { price: 600, diamonds: 60, bonus: 0, tag: null, sort: 1 },
    { price: 3000, diamonds: 300, bonus: 30, tag: '首充推荐', sort: 2 },
    { price: 6800, diamonds: 680, bonus: 80, tag: null, sort: 3 },
    { price: 12800, diamonds: 1280, bonus: 180, tag: '热销', sort: 4 },
    { price: 32800, diamonds: 3280, bonus: 520, tag: null, sort: 5 },
    { price: 64800, diamonds: 6480, bonus: 1280, tag: '超值', sort: 6 },
  ]);
}

/** Credits the demo account (made by the accounts seed, which runs first) through the ledger. */
export async function seedDemoWallet(deps: Deps): Promise<void> {
  const userId = await findUserIdByLoginName(deps.db.kysely, DEMO_LOGIN_NAME);
  if (userId === null) throw new Error('the accounts seed must run before the wallet seed');
  await grantDiamonds(deps, {
    userId,
    amount: DEMO_DIAMONDS,
    reason: 'gift',
    ref: 'demo-welcome',
    note: '新手体验金',
  });
}

export async function seedWallet(deps: Deps): Promise<void> {
  await seedRechargePacks(deps);
  await seedDemoWallet(deps);
}
