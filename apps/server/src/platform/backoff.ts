import { ErrorCode } from '@ld/contract/envelope';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';

/**
 * Growing waits after repeated failures of one thing (a password for one account, from one address
 * or from all), kept in `deps.cache` so every process counts the same failures.
 */
export interface BackoffRule {
  /** Names the counters; part of the cache key. */
  name: string;
  /** Attempts allowed without any wait. */
  free: number;
  /** The wait after the last free attempt fails; each further failure doubles it… */
  firstWaitMs: number;
  /** …up to this. */
  maxWaitMs: number;
  /** The count starts again once this long has passed without an attempt. */
  forgetAfterMs: number;
}

/** A rule applied to one subject (e.g. the login name, or login name and address). */
export interface BackoffScope {
  rule: BackoffRule;
  subject: string;
}

const countKey = (s: BackoffScope) => `backoff:${s.rule.name}:${s.subject}:n`;
const untilKey = (s: BackoffScope) => `backoff:${s.rule.name}:${s.subject}:until`;

/** The wait after the `attempt`-th attempt in a row fails: none while free, then doubling to the cap. */
export function waitAfter(rule: BackoffRule, attempt: number): number {
  if (attempt < rule.free) return 0;
  return Math.min(rule.firstWaitMs * 2 ** Math.min(attempt - rule.free, 30), rule.maxWaitMs);
}

/**
 * Starts an attempt: refuses it (HTTP 429, the wait in seconds in the message, `data.retryAfter`
 * and `Retry-After`) while any scope is waiting; otherwise counts it before the caller checks the
 * secret, and sets the wait it will cost if it fails. Counting first means a burst of parallel
 * guesses meets the wait after the first few instead of all being checked.
 * `message` words the refusal around the seconds.
 */
export async function beginAttempt(
  deps: Deps,
  scopes: BackoffScope[],
  message: (seconds: number) => string,
): Promise<void> {
  const now = deps.clock.now();
  const untils = await Promise.all(scopes.map((s) => deps.cache.get(untilKey(s))));
  const waitMs = Math.max(0, ...untils.map((u) => Number(u ?? 0) - now));
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(ErrorCode.tooMany, message(seconds), 429, { retryAfter: seconds });
  }
  await Promise.all(
    scopes.map(async (s) => {
      const attempt = await deps.cache.incr(countKey(s), s.rule.forgetAfterMs);
      const wait = waitAfter(s.rule, attempt);
      if (wait > 0) await deps.cache.set(untilKey(s), String(now + wait), s.rule.forgetAfterMs);
    }),
  );
}

/** The attempt succeeded: its scopes start from zero. */
export async function clearAttempts(deps: Deps, scopes: BackoffScope[]): Promise<void> {
  await deps.cache.del(...scopes.flatMap((s) => [countKey(s), untilKey(s)]));
}
