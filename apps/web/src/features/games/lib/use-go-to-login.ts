import { useLocation, useNavigate } from 'react-router';

/** Sends a guest to login and back to where they were. */
export function useGoToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
}
