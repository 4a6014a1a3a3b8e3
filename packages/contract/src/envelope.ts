import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './defaults.ts';

export { ErrorCode, type ErrorCodeValue } from './codes.ts';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/**
 * A failure's envelope (HTTP 4xx/5xx): the code, a message naming what to do, no data. A route
 * lists the 4xx it can give beyond 400/404/429 in its schema (`response: { 403: errorEnvelope }`).
 */
export const errorEnvelope = envelopeOf(z.null());

/** An opaque keyset cursor (base64url); blank means none. */
export const cursorField = z.preprocess(
  (v: unknown) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'cursor 须为文本' })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor 无效，请从第一页重新加载')
    .optional(),
);

/**
 * Paging request: `currentPage` from 1, `pageSize` default 10, at most 100, or `cursor` (the
 * previous answer's `nextCursor`). By number a list serves only its first MAX_PAGED_ROWS rows
 * (`@ld/contract/defaults`, decision 0024); deeper rows by cursor. Form values arrive as strings.
 */
export const pageQuery = z.object({
  currentPage: z.coerce
    .number({ error: 'currentPage 必须是整数' })
    .int('currentPage 必须是整数')
    .min(1, 'currentPage 最小为 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize 必须是整数' })
    .int('pageSize 必须是整数')
    .min(1, 'pageSize 最小为 1')
    .max(100, 'pageSize 最大为 100')
    .default(DEFAULT_PAGE_SIZE),
  cursor: cursorField,
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
