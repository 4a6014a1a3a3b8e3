import type { PeriodicJob } from '../../platform/jobs.ts';
import { reconcileOrders } from './reconcile.ts';
import { sweepExpiredOrders } from './service.ts';

/**
 * Recharge orders left unpaid past their time close (DESIGN §7: 30 minutes). Unpaid orders also
 * close lazily whenever one is read; this sweep closes the ones nobody reads. Orders of remote
 * providers (Alipay, WeChat Pay) are left to the next job: they close on the provider's word.
 */
export const closeExpiredOrders: PeriodicJob = {
  name: 'wallet.close-expired-orders',
  everyMs: 60_000,
  run: (deps) => sweepExpiredOrders(deps),
};

/**
 * Lost notifies (DESIGN §16): unpaid orders of Alipay and WeChat Pay a few minutes old are asked
 * about at the provider; paid ones are credited, expired ones closed there and then here.
 */
export const reconcileProviderOrders: PeriodicJob = {
  name: 'wallet.reconcile-provider-orders',
  everyMs: 60_000,
  run: (deps) => reconcileOrders(deps),
};

export const walletJobs: PeriodicJob[] = [closeExpiredOrders, reconcileProviderOrders];
