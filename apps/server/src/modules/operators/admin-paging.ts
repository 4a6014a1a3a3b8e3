import { ADMIN_MAX_PAGED_ROWS } from '@ld/contract/admin/list';
import { badInput } from '../../platform/errors.ts';

/** The offset of an admin table's page; deeper than ADMIN_MAX_PAGED_ROWS asks for narrower filters. */
export function adminOffset(q: { currentPage: number; pageSize: number }): number {
  if (q.currentPage * q.pageSize > ADMIN_MAX_PAGED_ROWS) {
    throw badInput('currentPage', `最多翻到第 ${ADMIN_MAX_PAGED_ROWS} 条，请缩小筛选范围（如时间段）`);
  }
  return (q.currentPage - 1) * q.pageSize;
}
