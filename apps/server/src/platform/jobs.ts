import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.ts';
import { runPeriodic } from './lease.ts';

/**
 * Work the server does on its own, every `everyMs`, in exactly one of the processes sharing the
 * database (under a lease: `runPeriodic` in lease.ts). A module declares its jobs in its
 * `jobs.ts`; `modules/jobs.ts` lists them all and `app.ts` schedules them, so no route plugin
 * starts timers of its own. Tests run a job's `run` directly.
 */
export interface PeriodicJob {
  /** `<module>.<what it does>`; also the name of its lease, so it must never be reused. */
  name: string;
  everyMs: number;
  /** Must be safe to run again (a run cut short by a crash is repeated) and work in bounded batches. */
  run(deps: Deps): Promise<unknown>;
}

/** Schedules every job: the first tick when the app is ready, the last before it closes. */
export function scheduleJobs(app: FastifyInstance, jobs: readonly PeriodicJob[]): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two periodic jobs are named ${job.name}`);
    names.add(job.name);
    runPeriodic(app, job.name, job.everyMs, () => job.run(app.deps));
  }
}
