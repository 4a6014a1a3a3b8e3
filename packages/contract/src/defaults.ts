// Constants without zod, so the web shell can import them cheaply.

/** Display name of a guest and of a new account that has not set one (DESIGN §6). */
export const DEFAULT_USER_NAME = '游客';

/** Keys of the client config list that the web app reads; any other key is passed through. */
export const ConfigKey = {
  bundleUrl: 'bundleUrl',
  packageUrl: 'packageUrl',
  /** Phone login registers new numbers unless this key is present with value "0" (spec §4). */
  phoneLoginAutoRegister: 'phoneLoginAutoRegister',
  appTitle: 'appTitle',
  currencyName: 'currencyName',
  contactUrl: 'contactUrl',
  businessEmail: 'businessEmail',
} as const;

/**
 * Deepest row a list serves by page number (decision 0024): a request by `currentPage` may reach
 * row `currentPage × pageSize` only while that is at most this; beyond it, continue with `cursor`.
 */
export const MAX_PAGED_ROWS = 1000;

/** Diamonds an inviter receives for each friend who signs up with the invite code (DESIGN §14). */
export const INVITE_REWARD = 20;

/**
 * The portal's own appID (DESIGN §1): the web client sends it in every body and its SDK start-up
 * names it; the server's `APP_ID` defaults to it and refuses any other.
 */
export const PORTAL_APP_ID = 2008;

/** `pageSize` of a list request that names none (DESIGN §5). */
export const DEFAULT_PAGE_SIZE = 10;

/** The largest image a user may upload (avatar, post images); the form refuses it before the server does. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
