/** The login page with a way back to `from` (a local path with its query); accounts' redirectTarget reads it. */
export const loginHref = (from: string): string => `/login?redirect=${encodeURIComponent(from)}`;
