import http from 'node:http';
export interface FakeRequest {
  method: string;
  /** Path with query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}
export interface FakeServer {
  url: string;
  close(): Promise<void>;
}
/** Serves `handle` on 127.0.0.1; a handler that returns null leaves the request hanging (a timeout). */
export declare function startFake(
  handle: (request: FakeRequest) => Promise<FakeAnswer | null> | FakeAnswer | null,
): Promise<FakeServer>;
/** `https://portal.example.test/api/…` → the same path on the portal actually listening in the test. */
export declare function rebase(url: string, origin: string): string;
