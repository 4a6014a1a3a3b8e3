import type { CrudFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';

/** An ISO time from the API as the console shows it (the operator's local time). */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';

/**
 * A list filter on `field` for the days a RangePicker chose: from the first day's start to the
 * last day's end (either end may be open), or none when nothing was chosen.
 */
export const dayRangeFilter = (
  field: string,
  range: [Dayjs | null, Dayjs | null] | null | undefined,
): CrudFilter => ({
  field,
  operator: 'between',
  value: range ? [range[0]?.startOf('day').toISOString(), range[1]?.endOf('day').toISOString()] : undefined,
});
