/**
 * How the HTTP client reaches the API: `fetch` in the browser. The server's render
 * (src/entry-server.tsx) sets its own, which hands each request to the server of the visitor's
 * request, so the route loaders' queries run the same code on both sides.
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

export function setTransport(next: Transport): void {
  transport = next;
}

export const transportFetch: Transport = (url, init) => transport(url, init);
