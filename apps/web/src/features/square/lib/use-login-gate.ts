import { useLocation, useNavigate } from 'react-router';
import { useIsLoggedIn } from '../../../shared/stores/account';

/**
 * For actions a guest may see but not do (like, comment, follow, publish): answers true for a
 * user; for a guest it goes to login with a redirect back here and answers false.
 */
export function useLoginGate(): () => boolean {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (isLoggedIn) return true;
    navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
    return false;
  };
}

export function useLoginHref(): string {
  const location = useLocation();
  return `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}
