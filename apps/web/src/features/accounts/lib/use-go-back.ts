import { useNavigate } from 'react-router';

/** Back to where the user came from, or to 我的 when the page was opened directly. */
export function useGoBack(fallback = '/profile') {
  const navigate = useNavigate();
  return () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}
