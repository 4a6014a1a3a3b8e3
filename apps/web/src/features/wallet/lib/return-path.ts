// The page to go back to after a successful recharge (say, the game whose download needed it).
// The payment provider returns to /recharge?orderId=…, so the path is kept across that round trip.
const KEY = 'ld-recharge-return';

/** A local path only: never an address on another site. */
export const isLocalPath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/recharge');

export function rememberReturnPath(path: string | null): void {
  try {
    if (isLocalPath(path)) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // No session storage: the result page simply offers no way back.
  }
}

export function readReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}
