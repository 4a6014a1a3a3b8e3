import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease, leaseHolder, releaseLease } from '../src/platform/lease.ts';
import { createTestApp, DIALECTS, type TestApp } from './helpers/app.ts';

describe.each(DIALECTS)('leases on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const now = Date.parse('2026-11-23T00:00:00Z');
  const take = (name: string, holder: string, at: number) =>
    acquireLease(t.deps.db, { name, holder, ttlMs: 1000, now: at });

  it('is held by one holder until it runs out, renewed only by that holder', async () => {
    expect(await take('job.a', 'one', now)).toBe(true);
    expect(await take('job.a', 'two', now + 10)).toBe(false);
    // Renewing moves the end: at now + 1500 the first grant would have run out, the renewal has not.
    expect(await take('job.a', 'one', now + 900)).toBe(true);
    expect(await take('job.a', 'two', now + 1500)).toBe(false);
    expect(await leaseHolder(t.deps.db, 'job.a', now + 1500)).toBe('one');
    // Not renewed: after its end anyone may take it, and the old holder has lost it.
    expect(await take('job.a', 'two', now + 1900)).toBe(true);
    expect(await take('job.a', 'one', now + 1901)).toBe(false);
    expect(await leaseHolder(t.deps.db, 'job.a', now + 1901)).toBe('two');
  });

  it('is given up only by its holder', async () => {
    expect(await take('job.b', 'one', now)).toBe(true);
    await releaseLease(t.deps.db, 'job.b', 'two');
    expect(await leaseHolder(t.deps.db, 'job.b', now)).toBe('one');
    await releaseLease(t.deps.db, 'job.b', 'one');
    expect(await leaseHolder(t.deps.db, 'job.b', now)).toBeNull();
    expect(await take('job.b', 'two', now + 1)).toBe(true);
  });

  it('goes to exactly one of many holders asking at once', async () => {
    const wins = await Promise.all(Array.from({ length: 12 }, (_, i) => take('job.c', `h${i}`, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = `h${wins.indexOf(true)}`;
    expect(await leaseHolder(t.deps.db, 'job.c', now)).toBe(winner);
  });

  it('keeps leases of different names apart', async () => {
    expect(await take('job.d1', 'one', now)).toBe(true);
    expect(await take('job.d2', 'two', now)).toBe(true);
  });
});
