import { z } from 'zod';

/**
 * Deepest row an admin table serves by page number. Admin tables page by number (antd's
 * pagination shows page links and a total); past this many rows an operator narrows the filters
 * (a time range, an operator) instead of paging on.
 */
export const ADMIN_MAX_PAGED_ROWS = 10_000;

const positiveInt = (field: string) =>
  z.coerce
    .number({ error: `${field} 须为正整数` })
    .int(`${field} 须为正整数`)
    .positive(`${field} 须为正整数`);

/** A blank form or query value means absent. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * The query of every admin table: page by number, one sort field from `sortFields` and its order,
 * plus the table's own filters (`.extend({...})`). The console's data provider writes exactly these.
 */
export function adminListQuery<const F extends readonly [string, ...string[]]>(
  sortFields: F,
  defaultSort: F[number],
) {
  return z.object({
    currentPage: positiveInt('currentPage').default(1),
    pageSize: positiveInt('pageSize').max(100, 'pageSize 最大为 100').default(20),
    sort: z.enum(sortFields, { error: `sort 只能是 ${sortFields.join('、')}` }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: 'order 只能是 asc 或 desc' }).default('desc'),
  });
}

/** An id in a path. */
export const idParams = z.object({ id: positiveInt('id') });

/** An epoch-free ISO time filter (`from`, `to`); blank means open. */
export const isoTimeFilter = (field: string) =>
  blankAsAbsent(
    z.iso.datetime({ offset: true, error: `${field} 须为 ISO 8601 时间，如 2026-11-25T08:00:00+08:00` }),
  );

/** The page of every admin table. */
export const adminPageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });
export interface AdminPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
