import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginHref } from '../shared/lib/login-redirect';
import { useIsLoggedIn } from '../shared/stores/account';

/** The guard: a route needing login sends a guest to login, then back here (spec §2). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn) {
    return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
