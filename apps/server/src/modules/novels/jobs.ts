import type { PeriodicJob } from '../../platform/jobs.ts';
import { sweepImports } from './admin-service.ts';

/** TXT imports uploaded and never saved, removed a day after their last use (admin-service.ts). */
export const sweepStaleImports: PeriodicJob = {
  name: 'novels.sweep-imports',
  everyMs: 10 * 60_000,
  run: (deps) => sweepImports(deps),
};

export const novelJobs: PeriodicJob[] = [sweepStaleImports];
