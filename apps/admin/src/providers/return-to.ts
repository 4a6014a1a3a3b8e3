// The page an operator was on when the console sent them to the login (the session ended, or a
// bookmark opened without one): the next login in this tab goes back there instead of the home
// page. Kept in sessionStorage (this tab only, across the login's reloads); an explicit 退出登录
// forgets it, and the session checks still on their way then, which answer 401 on the page the
// operator left, do not remember it again.

const KEY = 'ld-admin:return-to';
const BASE = /^\/admin(?=\/|$)/;
const LOGIN_PAGES = /^\/(login|enrol)(\/|$)/;

interface Remembered {
  path: string;
  /** Whose session ended there; null when none was known (a page opened anew). */
  operator: string | null;
}

/** Set by 退出登录 until the next login in this page (a new page starts without it). */
let signedOut = false;

/** Remembers the current page for `operator`'s next login (not the login pages themselves). */
export function rememberPage(operator: string | null): void {
  if (signedOut) return;
  const path = window.location.pathname.replace(BASE, '') || '/';
  if (LOGIN_PAGES.test(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: path + window.location.search, operator }));
  } catch {
    // Storage refused (private mode, full): the login goes home, as before.
  }
}

function forgetPage(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}

/** 退出登录: no page to go back to at the next login. */
export function forgetPageAtLogout(): void {
  signedOut = true;
  forgetPage();
}

/**
 * Where `operator`'s login continues: the remembered page if it was theirs (or nobody's), else
 * home. Read once: the next login starts afresh.
 */
export function takeRememberedPage(operator: string): string {
  let remembered: Remembered | null = null;
  try {
    remembered = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Remembered | null;
  } catch {}
  forgetPage();
  signedOut = false;
  const path = remembered?.path;
  // A path inside the console only: one leading slash, no scheme or host.
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || LOGIN_PAGES.test(path))
    return '/';
  if (remembered?.operator !== null && remembered?.operator !== operator) return '/';
  return path;
}
