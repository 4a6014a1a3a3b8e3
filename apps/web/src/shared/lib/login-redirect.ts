/** The login page with a way back to `from` (a local path with its query). */
export const loginHref = (from: string): string => `/login?redirect=${encodeURIComponent(from)}`;

/** Where to go after login: the `redirect` query when it is a local path, otherwise home. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}
