/**
 * The HTTP client on the server (docs/decisions/0044-server-rendered-first-screen.md): while the
 * server renders a page's first screen (app/server-render.tsx) it answers only from the first-data
 * envelopes the server already computed for that address, never from the network. A request with
 * no answer never settles, so its query stays pending and the page shows its own loading state.
 * Only the server build calls this (`import.meta.env.SSR` in client.ts): the browser bundle drops it.
 */

let current: Record<string, unknown> | null = null;

/**
 * Runs `start` (which makes the render's queries call their functions) with `answers` as the only
 * source. The client looks the answer up synchronously as a request starts, and `start` is
 * synchronous, so one render's answers can never serve another's request.
 */
export function withServerAnswers(answers: Record<string, unknown>, start: () => void): void {
  current = answers;
  try {
    start();
  } finally {
    current = null;
  }
}

/** The `data` of the envelope answering `key` (only code 0 envelopes are ever given), else a promise that never settles. */
export function answerOnServer<T>(key: string | null): Promise<T> {
  const envelope =
    key === null ? undefined : (current?.[key] as { code?: unknown; data?: unknown } | undefined);
  if (envelope && envelope.code === 0) return Promise.resolve(envelope.data as T);
  return new Promise<T>(() => {});
}
