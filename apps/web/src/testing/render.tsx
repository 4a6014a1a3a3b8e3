import type { Account } from '@ld/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GUEST, useAccountStore } from '../shared/stores/account';
import { type FakeServer, fakeServer } from './fake-server';

export interface RenderOptions {
  /** The address the test starts at (default `/`). */
  at?: string;
  /** The route pattern `ui` is mounted at (default: the path of `at`, e.g. `/detail/:id` for params). */
  path?: string;
  /** Other pages the test may reach, by path; every other path shows 「其他页面」. */
  routes?: Record<string, ReactNode>;
  /** Logged in as this account (default: a guest). */
  account?: Partial<Account>;
  /** A fake server already answering what the first render asks (default: a new one; add answers with `on`). */
  server?: FakeServer;
}

/** A logged-in account for tests. */
export const TEST_ACCOUNT: Account = {
  ...GUEST,
  uid: '42',
  token: 'test-token',
  name: '小蓝',
  loginName: 'xiaolan',
};

/**
 * Renders `ui` as the app would: a fresh query client (no retries), a memory router and the fake
 * server behind fetch (answer with `server.on(...)`). Returns the server, the router (its
 * `state.location` is where the user is), the query client and a userEvent session.
 */
export function renderApp(ui: ReactNode, options: RenderOptions = {}) {
  const at = options.at ?? '/';
  const path = options.path ?? at.split('?')[0];
  useAccountStore.getState().setAccount(options.account ? { ...TEST_ACCOUNT, ...options.account } : GUEST);
  const server = options.server ?? fakeServer();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...Object.entries(options.routes ?? {}).map(([p, element]) => ({ path: p, element })),
      { path: '*', element: <p>其他页面</p> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { server, router, queryClient, user: userEvent.setup(), ...view };
}
