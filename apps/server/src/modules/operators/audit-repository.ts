import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { AuditLogTable } from './tables.ts';

export async function insertAudit(db: Conn, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Conn, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.operatorId !== undefined) q = q.where('audit_log.operator_id', '=', f.operatorId);
  if (f.action) q = q.where('audit_log.action', '=', f.action);
  if (f.targetType) q = q.where('audit_log.target_type', '=', f.targetType);
  if (f.targetId) q = q.where('audit_log.target_id', '=', f.targetId);
  if (f.from !== undefined) q = q.where('audit_log.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('audit_log.created_at', '<=', f.to);
  return q;
}

export async function listAudit(
  db: Conn,
  f: AuditFilter,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
      .selectAll('audit_log')
      .select('operators.name as operator_name')
      .orderBy('audit_log.created_at', order)
      .orderBy('audit_log.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The distinct actions and target types written so far, for the audit page's filter choices. */
export async function auditVocabulary(db: Conn): Promise<{ actions: string[]; targetTypes: string[] }> {
  const [actions, types] = await Promise.all([
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
    db.selectFrom('audit_log').select('target_type').distinct().orderBy('target_type').execute(),
  ]);
  return { actions: actions.map((r) => r.action), targetTypes: types.map((r) => r.target_type) };
}
