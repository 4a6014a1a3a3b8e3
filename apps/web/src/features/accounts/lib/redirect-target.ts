// Apart from loginHref (shared/lib/login-redirect.ts): only the login pages read the way back, and
// the first load carries only the writing side.

/** Where to go after login: the `redirect` query when it is a local path, otherwise home. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}
