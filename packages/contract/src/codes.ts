// No zod here: the web shell imports these and must stay small.

/**
 * Business codes carried in every envelope `{ code, msg, data }` (DESIGN §5).
 * The HTTP status says what kind of failure it is; the code says what the client should do.
 */
export const ErrorCode = {
  /** Success. */
  ok: 0,
  /** A business rule said no; `msg` tells the person what to do. */
  rule: 1,
  /** Session invalid or missing on a call that needs login: the client logs out and goes to login. */
  session: 2,
  /** Malformed input; `msg` names the field and the rule (HTTP 400). */
  badInput: 400,
  /** A link or action the caller may not use, such as an expired or forged download signature (HTTP 403). */
  forbidden: 403,
  /** Unknown path or id (HTTP 404). */
  notFound: 404,
  /** A file's Range header is malformed or outside the file (HTTP 416; Content-Range names the size). */
  rangeNotSatisfiable: 416,
  /** Too many requests (HTTP 429); `msg` says how long to wait. */
  tooMany: 429,
  /** Server fault (HTTP 500); the message never carries internals. */
  server: 500,
  /**
   * The server cannot answer just now (HTTP 503): its database is unreachable, or the process is
   * restarting. Nothing was done; the same call may be tried again in a moment.
   */
  unavailable: 503,
  /** Diamond balance lower than the price; `data` is `{ coinNum, price }`. */
  balanceInsufficient: 1001,
  /** The SMS code is wrong, expired, used up or voided after too many tries. */
  smsCodeInvalid: 1002,
  /** The thing is sold out (gift pack stock). */
  soldOut: 1003,
  /** The text contains sensitive words; `data` is `{ words }`. */
  sensitiveWords: 1004,
  /** The unit (chapter, episode, video) is locked for the caller; `data` is `{ price, vip, coinNum }` (DESIGN §13). */
  unitLocked: 1005,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
