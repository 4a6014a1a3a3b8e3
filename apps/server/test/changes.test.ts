import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/jobs.ts';
import { closeExpiredOrders } from '../src/modules/wallet/jobs.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectErrorLog } from './helpers/logs.ts';

// The change feed (platform/changes.ts): a process that keeps something in memory hears when any
// process changes it.
const redisUrl = process.env.TEST_REDIS_URL;

describe('change feed in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the subscribers of a topic at once, and no longer once they stop', async () => {
    const heard: string[] = [];
    const stop = t.deps.changes.subscribe('games', () => heard.push('games'));
    t.deps.changes.subscribe('novels', () => heard.push('novels'));
    await t.deps.changes.announce('games');
    expect(heard).toEqual(['games']);
    stop();
    await t.deps.changes.announce('games');
    expect(heard).toEqual(['games']);
  });

  it('keeps going when a subscriber throws, and logs it', async () => {
    expectErrorLog(/a change subscriber failed/);
    let ran = false;
    t.deps.changes.subscribe('faq', () => {
      throw new Error('boom');
    });
    t.deps.changes.subscribe('faq', () => {
      ran = true;
    });
    await t.deps.changes.announce('faq');
    expect(ran).toBe(true);
  });
});

describe('periodic jobs', () => {
  it('are listed once each, by a name that is also their lease', () => {
    const names = jobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(closeExpiredOrders.name);
  });
});

describe.runIf(redisUrl)('change feed across processes through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('sqlite', { REDIS_URL: redisUrl! });
    b = await createTestApp('sqlite', { REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('tells the other process, and its own subscribers only once', async () => {
    let inA = 0;
    let inB = 0;
    a.deps.changes.subscribe('bulletins', () => {
      inA += 1;
    });
    b.deps.changes.subscribe('bulletins', () => {
      inB += 1;
    });
    // The other app's subscription connection may still be starting: announce until it hears.
    await expect
      .poll(
        async () => {
          if (inB === 0) await a.deps.changes.announce('bulletins');
          return inB;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    const before = { inA, inB };
    await a.deps.changes.announce('bulletins');
    await expect.poll(() => inB, { timeout: 5_000 }).toBe(before.inB + 1);
    // Give a stray echo time to arrive: A must not hear its own message a second time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inA).toBe(before.inA + 1);
  });
});
