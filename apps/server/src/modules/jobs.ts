import type { PeriodicJob } from '../platform/jobs.ts';
import { activityJobs } from './activities/jobs.ts';
import { homeJobs } from './home/jobs.ts';
import { messageJobs } from './messages/jobs.ts';
import { novelJobs } from './novels/jobs.ts';
import { walletJobs } from './wallet/jobs.ts';

/** Every periodic job of every module, scheduled by `app.ts` (platform/jobs.ts). */
export const jobs: PeriodicJob[] = [
  ...walletJobs,
  ...messageJobs,
  ...novelJobs,
  ...homeJobs,
  ...activityJobs,
];
