import { useIsAuthenticated } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '../shared/lazy-page';
import { useSession } from '../shared/use-session';

/**
 * The console's pages for a signed-in operator, else the way to the login.
 *
 * Not refine's `Authenticated`: it shows its `loading` (nothing by default) whenever the session
 * check is fetching, also when it runs again with the answer already known, as it does when the
 * network comes back. The whole console was then unmounted and mounted again, and a form being
 * filled in lost what had been typed (docs/decisions/0048-operator-console.md, "The session
 * check again"). Here a known answer stays in force while the check runs again; only the first
 * check shows a spinner.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { data } = useIsAuthenticated();
  // A login step that has just made the session active: refine goes to the next page at once and
  // checks the session again only 32 ms later, so the check's answer is still the login page's
  // "not signed in" (which would send the operator back to the login and lose the page to return
  // to). The session store holds the server's latest word: set by the login and every check,
  // cleared by a 401 and by 退出登录.
  const active = useSession()?.stage === 'active';
  if (active || data?.authenticated) return children;
  if (!data) return <PageLoading minHeight="100vh" />;
  return <Navigate to={data.redirectTo ?? '/login'} replace />;
}
