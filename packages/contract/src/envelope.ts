import { z } from 'zod';

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
  /** Unknown path or id (HTTP 404). */
  notFound: 404,
  /** Too many requests (HTTP 429); `msg` says how long to wait. */
  tooMany: 429,
  /** Server fault (HTTP 500); the message never carries internals. */
  server: 500,
  /** Diamond balance lower than the price; `data` is `{ coinNum, price }`. */
  balanceInsufficient: 1001,
  /** The SMS code is wrong, expired, used up or voided after too many tries. */
  smsCodeInvalid: 1002,
  /** The thing is sold out (gift pack stock). */
  soldOut: 1003,
  /** The text contains sensitive words; `data` is `{ words }`. */
  sensitiveWords: 1004,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Paging request: `currentPage` from 1, `pageSize` default 10, at most 100. Form values arrive as strings. */
export const pageQuery = z.object({
  currentPage: z.coerce.number().int('currentPage 必须是整数').min(1, 'currentPage 最小为 1').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize 必须是整数')
    .min(1, 'pageSize 最小为 1')
    .max(100, 'pageSize 最大为 100')
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Keyset pages for long feeds: the same page shape plus the cursor of the next page (null at the end). */
export const cursorPageOf = <T extends z.ZodType>(record: T) =>
  pageOf(record).extend({ nextCursor: z.string().nullable() });
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null;
}

export function toPage<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, size: q.pageSize, current: q.currentPage, pages: Math.ceil(total / q.pageSize) };
}
