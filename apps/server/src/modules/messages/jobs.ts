import type { PeriodicJob } from '../../platform/jobs.ts';
import { runBroadcasts } from './broadcasts.ts';

/** System messages to a channel or everyone, delivered in batches (broadcasts.ts). */
export const deliverBroadcasts: PeriodicJob = {
  name: 'messages.deliver-broadcasts',
  everyMs: 2_000,
  run: (deps) => runBroadcasts(deps),
};

export const messageJobs: PeriodicJob[] = [deliverBroadcasts];
