import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A bounded load on loopback only (this machine's own server), as the workplace requires. */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  requests?: autocannon.Request[];
}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(options.url))
    throw new Error('load only targets loopback');
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 8,
    requests: options.requests,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
