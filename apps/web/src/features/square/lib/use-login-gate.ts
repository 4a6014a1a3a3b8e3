import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { useIsLoggedIn } from '../../../shared/stores/account';

/**
 * For actions a guest may see but not do (like, comment, follow, publish): answers true for a
 * user; for a guest it goes to login with a redirect back here and answers false.
 */
export function useLoginGate(): () => boolean {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  return () => {
    if (isLoggedIn) return true;
    goToLogin();
    return false;
  };
}
