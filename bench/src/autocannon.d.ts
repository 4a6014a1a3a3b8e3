// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request with a fresh copy of this request; answers the one to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      /** Called with each response (the body is read only when this is given). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      requests?: Request[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p99: number; average: number };
      non2xx: number;
      errors: number;
      /** Seconds the run took. */
      duration: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
