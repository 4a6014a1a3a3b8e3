import type { AdminSession } from '@ld/contract/admin/session';

// The session as the server last described it (who, stage, CSRF token). The session itself is an
// HttpOnly cookie the page never sees; this copy only feeds the CSRF header and the header bar,
// and is refreshed by every login step and `authProvider.check`.

let current: AdminSession | null = null;
const listeners = new Set<() => void>();

export const sessionStore = {
  get: (): AdminSession | null => current,
  set(next: AdminSession | null) {
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
