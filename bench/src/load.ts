import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered, and the seconds the load ran. */
  total: number;
  seconds: number;
}

/** A bounded load on loopback only (this machine's own server), as the workplace requires. */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** A short unmeasured load first, so caches and the JIT are warm when measuring starts. */
  warmupSeconds?: number;
  requests?: autocannon.Request[];
}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(options.url))
    throw new Error('load only targets loopback');
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      connections: options.connections ?? 20,
      duration,
      requests: options.requests,
    });
  if (options.warmupSeconds) await run(options.warmupSeconds);
  const result = await run(options.seconds ?? 8);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    seconds: result.duration,
  };
}
