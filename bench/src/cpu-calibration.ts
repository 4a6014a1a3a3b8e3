/**
 * The phone every Lighthouse run emulates, as a CPU benchmark index (issue 21, Budgets): between
 * the low-tier and mid-tier phones of Chrome's own calibration. A run's CPU slowdown is the
 * machine's index, as Lighthouse measured it in that run, divided by this, so a fast moment and a
 * busy moment of the shared machine emulate the same phone (decision 0025, addendum).
 */
export const TARGET_PHONE_INDEX = 500;

/**
 * The slowdown that emulates the target phone on a machine of `benchmarkIndex`, to two decimals
 * and never below 1 (a machine slower than the phone is measured as it is). BENCH_CPU_SLOWDOWN=x
 * forces x instead.
 */
export function slowdownFor(benchmarkIndex: number, forced = process.env.BENCH_CPU_SLOWDOWN): number {
  if (forced !== undefined && forced !== '') {
    const value = Number(forced);
    if (!(value >= 1)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number ≥ 1, not ${forced}`);
    return value;
  }
  if (!(benchmarkIndex > 0))
    throw new Error(`Lighthouse measured no CPU benchmark index (${benchmarkIndex})`);
  return Math.max(1, Math.round((benchmarkIndex / TARGET_PHONE_INDEX) * 100) / 100);
}
