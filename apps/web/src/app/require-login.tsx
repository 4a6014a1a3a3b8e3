import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsLoggedIn } from '../shared/stores/account';

/** The guard: a route needing login sends a guest to login, then back here (spec §2). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}

/** Where to go after login: the `redirect` query when it is a local path, otherwise home. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}
