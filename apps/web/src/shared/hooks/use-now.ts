import { createContext, useContext } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The time a server render reads: entry-server.tsx provides it and puts the same in the page state
 * (`now`), so text computed from the clock (relative times, "N秒前") hydrates unchanged.
 */
export const RenderNowContext = createContext<number | null>(null);

/** In the browser: the server's render time, taken from the page state before hydrating. */
let hydratingNow: number | null = null;
export const setHydratingNow = (now: number | null): void => {
  hydratingNow = now;
};

/**
 * Now, for text computed from the clock: the server's render time while React renders on the
 * server and while it hydrates that markup, then the device's (the next render after hydration).
 */
export function useNow(): Date {
  const serverNow = useContext(RenderNowContext);
  const hydrated = useHydrated();
  if (serverNow !== null) return new Date(serverNow);
  if (!hydrated && hydratingNow !== null) return new Date(hydratingNow);
  return new Date();
}
