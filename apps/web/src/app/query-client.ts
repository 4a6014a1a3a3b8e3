import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/http/client';
import { watchNetwork } from '../shared/http/network-notice';

/** Server state lives here; failures already toasted by the HTTP client are not retried when they are business refusals. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Lists a user left for a while (a long read of a post) still hold their loaded pages on the way back.
      gcTime: 30 * 60_000,
      refetchOnWindowFocus: false,
      // Offline, a lost network is not retried: the page shows its error (or the reader its 离线 state).
      retry: (count, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) &&
        !(error instanceof ApiError && error.status === 0 && !navigator.onLine) &&
        count < 2,
    },
    mutations: { retry: false },
  },
});

// Offline (decision 0034): one calm notice instead of a toast per failed request; when the network
// is back, what failed without it is asked again, quietly.
watchNetwork(() => void queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' }));
