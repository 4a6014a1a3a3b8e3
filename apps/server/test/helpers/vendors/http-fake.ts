import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A vendor's HTTP side on 127.0.0.1 (a free port), for tests that must not reach the vendor.
// Each fake checks requests the way its vendor documents, with code written for the test alone.

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
export async function startFake(
  handle: (request: FakeRequest) => Promise<FakeAnswer | null> | FakeAnswer | null,
): Promise<FakeServer> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const answer = await handle({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (answer === null) {
          hanging.add(res);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`fake failed: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `https://portal.example.test/api/…` → the same path on the portal actually listening in the test. */
export function rebase(url: string, origin: string): string {
  const target = new URL(url);
  return `${origin}${target.pathname}${target.search}`;
}
