// jsdom has no Cache Storage: an in-memory one with the few calls the app makes (open, match, put,
// keys, delete), keyed by absolute URL as the browser's is. Installed per test, removed after it.

class MemoryCache {
  readonly entries = new Map<string, { body: string; headers: [string, string][]; status: number }>();

  private key(request: RequestInfo | URL): string {
    const url = request instanceof Request ? request.url : String(request);
    return new URL(url, window.location.origin).toString();
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(this.key(request));
    return hit ? new Response(hit.body, { status: hit.status, headers: hit.headers }) : undefined;
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(this.key(request), {
      body: await response.text(),
      headers: [...response.headers.entries()],
      status: response.status,
    });
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.key(request));
  }
}

export interface MemoryCaches {
  /** The URLs kept in cache `name`. */
  urls(name: string): string[];
  remove(): void;
}

export function installMemoryCaches(): MemoryCaches {
  const caches = new Map<string, MemoryCache>();
  const storage = {
    async open(name: string) {
      let cache = caches.get(name);
      if (!cache) {
        cache = new MemoryCache();
        caches.set(name, cache);
      }
      return cache;
    },
    async has(name: string) {
      return caches.has(name);
    },
    async delete(name: string) {
      return caches.delete(name);
    },
    async keys() {
      return [...caches.keys()];
    },
  };
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true, writable: true });
  return {
    urls: (name) =>
      [...(caches.get(name)?.entries.keys() ?? [])].map((u) => new URL(u).pathname + new URL(u).search),
    remove: () => {
      delete (globalThis as { caches?: unknown }).caches;
    },
  };
}
