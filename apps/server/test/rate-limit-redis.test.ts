import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from './helpers/app.ts';

// Two server processes behind one address share their limits through Redis (DESIGN §4).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
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

  it('counts logins from one address across both apps', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    // Names of this run only: Redis outlives a run, and its per-account counts with it.
    const run = Math.random().toString(36).slice(2, 8);
    for (let i = 0; i < 62; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      // Another name each time: the per-account waits (0022) must not be what refuses them.
      const res = await postForm(
        app,
        '/api/user/login',
        { loginName: `nobody_${run}_${i}`, password: 'wrong-password' },
        undefined,
        {
          'x-forwarded-for': ip,
        },
      );
      statuses.push(res.status);
    }
    // 60 a minute per address in all: the 61st and 62nd are refused whichever process answers.
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});
