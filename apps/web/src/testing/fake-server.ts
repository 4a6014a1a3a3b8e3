import { vi } from 'vitest';
import { type AnswerOf, type Endpoint, endpoints } from './endpoints';

// The network edge of a web test: a fake of the portal's API behind `fetch`. Each test says what
// the endpoints it expects answer; every answer is checked against the contract's response schema
// (so a fake that drifts from the real API fails the test), and a request nobody expected fails
// the test too (setup.ts checks after each test).

export interface FakeRequest {
  method: string;
  /** The path under /api, as the web's API files write it. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Form bodies (the default); JSON bodies parsed into `json`. */
  form: URLSearchParams;
  json: unknown;
  headers: Record<string, string>;
}

/** A refusal: the envelope with a non-zero code (HTTP 200 unless `status` says otherwise). */
export interface FakeFailure {
  fail: { code: number; msg: string; status?: number; data?: unknown };
}
export const fail = (
  code: number,
  msg: string,
  extra: { status?: number; data?: unknown } = {},
): FakeFailure => ({
  fail: { code, msg, ...extra },
});

type Handler<E extends Endpoint> = (
  request: FakeRequest,
) => AnswerOf<E> | FakeFailure | Promise<AnswerOf<E> | FakeFailure>;

interface Route {
  endpoint: Endpoint;
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler<Endpoint>;
}

function compile(endpoint: Endpoint): Pick<Route, 'method' | 'pattern' | 'keys'> {
  const [method, path] = endpoint.split(' ');
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), keys };
}

const envelope = (code: number, msg: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface FakeServer {
  /** Answers `endpoint` with what `handler` returns (checked against the contract), until replaced. */
  on<E extends Endpoint>(endpoint: E, handler: Handler<E>): FakeServer;
  /** Every request so far, in order. */
  readonly requests: FakeRequest[];
  /** The requests to one endpoint. */
  requestsTo(endpoint: Endpoint): FakeRequest[];
}

let active: { problems: string[] } | null = null;

/** Puts a fake API behind `fetch` for this test. */
export function fakeServer(): FakeServer {
  const routes: Route[] = [];
  const requests: Array<FakeRequest & { endpoint?: Endpoint }> = [];
  const problems: string[] = [];
  active = { problems };

  const handle = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text =
      typeof init.body === 'string' || init.body instanceof URLSearchParams ? String(init.body) : '';
    const isJson = headers['content-type']?.includes('application/json') ?? false;
    const request: FakeRequest & { endpoint?: Endpoint } = {
      method,
      path,
      params: {},
      query: url.searchParams,
      form: new URLSearchParams(isJson ? '' : text),
      json: isJson ? JSON.parse(text) : undefined,
      headers,
    };
    requests.push(request);
    // A literal path wins over a pattern (`post/list` is not `post/:id`).
    const route = routes
      .filter((r) => r.method === method && r.pattern.test(path))
      .sort((x, y) => x.keys.length - y.keys.length)[0];
    if (!route) {
      problems.push(`unexpected request ${method} /api${path}${url.search}`);
      return envelope(404, `fake server: no answer for ${method} ${path}`, null, 404);
    }
    request.endpoint = route.endpoint;
    const match = route.pattern.exec(path)!;
    route.keys.forEach((key, i) => {
      request.params[key] = decodeURIComponent(match[i + 1]);
    });
    const answer = await route.handler(request);
    if (answer && typeof answer === 'object' && 'fail' in answer) {
      const { code, msg, status, data = null } = (answer as FakeFailure).fail;
      return envelope(code, msg, data, status);
    }
    const checked = (await endpoints[route.endpoint]['~standard'].validate(answer)) as {
      issues?: ReadonlyArray<{ message: string; path?: ReadonlyArray<unknown> }>;
    };
    if (checked.issues) {
      const where = checked.issues
        .map(
          (i) =>
            `${(i.path ?? []).map((p) => (typeof p === 'object' && p ? (p as { key: unknown }).key : p)).join('.') || '(data)'}: ${i.message}`,
        )
        .join('; ');
      problems.push(`the fake answer of ${route.endpoint} does not match the contract: ${where}`);
    }
    return envelope(0, 'success', answer);
  };

  vi.stubGlobal('fetch', vi.fn(handle));

  const server: FakeServer = {
    on(endpoint, handler) {
      const at = routes.findIndex((r) => r.endpoint === endpoint);
      const route = { endpoint, ...compile(endpoint), handler: handler as Handler<Endpoint> };
      if (at >= 0) routes[at] = route;
      else routes.push(route);
      return server;
    },
    requests,
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
  };
  return server;
}

/** Throws what went wrong at the fake server during the test (setup.ts, after each test). */
export function checkFakeServer(): void {
  const problems = active?.problems ?? [];
  active = null;
  if (problems.length > 0) throw new Error(`fake server:\n${problems.join('\n')}`);
}
