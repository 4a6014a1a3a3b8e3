import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

// What nginx and an operator read off a process (docs/decisions/0056-cluster.md): liveness,
// readiness, which process answered, the request's id, and the metrics.
describeDialects('a process behind the proxy', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { METRICS_PORT: '0' });
  });
  afterAll(() => t.close());

  it('is live and ready once migrated, and names itself and the request on every answer', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/live' });
    expect(live.json()).toEqual({ code: 0, msg: 'success', data: { status: 'live' } });
    const ready = await t.app.inject({
      method: 'GET',
      url: '/api/ready',
      headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
    });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready' });
    expect(ready.headers['x-served-by']).toMatch(/^.+:pid\d+$/);
    // nginx's $request_id is kept, so its log and ours name the request alike.
    expect(ready.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    // A made-up id that could smuggle text into the logs is replaced by one of ours.
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/live',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is not ready while draining: reads answer 503 with the envelope, writes are still served', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 503, msg: '服务正在重启，请稍后再试', data: null });
      expect(ready.headers.connection).toBe('close');
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: 'loginName=nobody1&password=secret123',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(write.json()).toEqual({ code: 1, msg: '用户名或密码错误', data: null });
      expect(write.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('counts requests by route pattern and status, with latency, event loop and database pool', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/square/post/12345' });
    const text = await t.app.metrics!.metrics();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/live",status="200"\} \d+/);
    // The pattern, never the id: one series per route.
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/square\/post\/:id",status="404"\} 1/,
    );
    // No label carries the id (a metric's value may hold the digits by chance: a memory size did).
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l?.includes('12345'))).toEqual([]);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/ready"/,
    );
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
  });
});
