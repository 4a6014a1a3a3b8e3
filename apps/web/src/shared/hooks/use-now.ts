import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The time a server render reads: entry-server.tsx provides it and puts the same in the page state
 * (`now`), so text computed from the clock (relative times, "N秒前") hydrates unchanged.
 */
export const RenderNowContext = createContext<number | null>(null);

/** In the browser: the server's render time, taken from the page state before hydrating. */
let hydratingNow: number | null = null;
/**
 * The time the browser's renders read: the server's until one task after the first clock text has
 * hydrated, then null (the device's clock, read at each render).
 */
let clockNow: number | null = null;
const listeners = new Set<() => void>();
let switchQueued = false;

export const setHydratingNow = (now: number | null): void => {
  hydratingNow = now;
  clockNow = now;
};

/**
 * Subscribed in the passive effects of the first commit that shows clock text: the device's clock
 * comes one task later, in its own task, so the re-render of the clock text is not part of the
 * hydration's tasks (docs/decisions/0050-one-rendering-path.md, 2026-11-28).
 */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (clockNow !== null && !switchQueued) {
    switchQueued = true;
    setTimeout(() => {
      clockNow = null;
      for (const l of [...listeners]) l();
    }, 0);
  }
  return () => listeners.delete(listener);
}

const clientSnapshot = () => clockNow;
const serverSnapshot = () => hydratingNow;

/**
 * Now, for text computed from the clock: the server's render time while React renders on the
 * server and while it hydrates that markup (React reads the server snapshot for a fiber it is
 * hydrating, whenever that fiber hydrates), then the device's, from one task after hydration.
 */
export function useNow(): Date {
  const serverNow = useContext(RenderNowContext);
  const frozen = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  if (serverNow !== null) return new Date(serverNow);
  return frozen !== null ? new Date(frozen) : new Date();
}
