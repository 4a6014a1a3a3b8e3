import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent, isoTimeFilter } from './list.ts';

/** One operator write: who, what, on which target, the target before and after, when, from where. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for the command line (`npm run admin:create`). */
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  time: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = adminPageOf(auditEntrySchema);

export const auditListQuery = adminListQuery(['time'], 'time').extend({
  operatorId: blankAsAbsent(
    z.coerce
      .number({ error: 'operatorId 须为正整数' })
      .int('operatorId 须为正整数')
      .positive('operatorId 须为正整数'),
  ),
  action: blankAsAbsent(z.string().trim().max(64, 'action 最多 64 个字符')),
  targetType: blankAsAbsent(z.string().trim().max(32, 'targetType 最多 32 个字符')),
  targetId: blankAsAbsent(z.string().trim().max(64, 'targetId 最多 64 个字符')),
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
