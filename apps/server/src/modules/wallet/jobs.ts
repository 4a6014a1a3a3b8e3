import type { PeriodicJob } from '../../platform/jobs.ts';
import { sweepExpiredOrders } from './service.ts';

/**
 * Recharge orders left unpaid past their time close (DESIGN §7: 30 minutes). Unpaid orders also
 * close lazily whenever one is read; this sweep closes the ones nobody reads.
 */
export const closeExpiredOrders: PeriodicJob = {
  name: 'wallet.close-expired-orders',
  everyMs: 60_000,
  run: (deps) => sweepExpiredOrders(deps),
};

export const walletJobs: PeriodicJob[] = [closeExpiredOrders];
