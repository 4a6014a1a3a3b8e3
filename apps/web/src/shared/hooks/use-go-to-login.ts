import { useLocation, useNavigate } from 'react-router';
import { loginHref } from '../lib/login-redirect';

/** The login link that brings the user back to this page. */
export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return loginHref(`${pathname}${search}`);
}

/** Sends a guest to login and back to where they were. */
export function useGoToLogin(): () => void {
  const navigate = useNavigate();
  const href = useLoginHref();
  return () => {
    void navigate(href);
  };
}
