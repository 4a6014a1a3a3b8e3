import { useIsAuthenticated } from '@refinedev/core';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

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
  if (!data)
    return (
      <Flex
        role="status"
        aria-label="正在加载"
        justify="center"
        align="center"
        style={{ minHeight: '100vh' }}
      >
        <Spin size="large" />
      </Flex>
    );
  if (data.authenticated) return children;
  return <Navigate to={data.redirectTo ?? '/login'} replace />;
}
