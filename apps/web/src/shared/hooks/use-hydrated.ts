import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders on the server and while it hydrates the server's markup, true
 * otherwise: what only the device knows (its storage, its screen) renders once it is true, so the
 * hydrating render matches the server's (docs/decisions/0050-one-rendering-path.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
