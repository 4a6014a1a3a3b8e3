import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks again, after a write, for every query under `keys`. A query whose fetch is still in flight
 * may have been read before the write, and invalidating alone would reuse that answer (TanStack
 * Query restarts a fetch in flight only when the query already has data), so those are cancelled
 * first.
 */
export async function refetchAfterWrite(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
