import type { AuditEntry, AuditListQuery } from '@ld/contract/admin/audit';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Conn } from '../../db/database.ts';
import type { ChangeTopic } from '../../platform/changes.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { adminOffset } from './admin-paging.ts';
import * as repo from './audit-repository.ts';

/** Who did it: the operator (null for the command line) and the address the call came from. */
export interface AuditActor {
  operatorId: number | null;
  ip: string;
}

/**
 * What a write did, for its audit row. `action` is `<target>.<verb>` (`bulletin.update`,
 * `operator.disable`); `before` is null for a creation and `after` null for a deletion. Both are
 * the target as the admin API shows it (contract types, never rows), so the audit page reads the
 * same shapes as the console.
 */
export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

/**
 * Runs an operator write and its audit row in ONE transaction, so there is never a write without
 * its row nor a row without its write; then, once committed, announces `announce` topics so every
 * process drops what it keeps of them (docs/decisions/0047-change-feed-and-jobs.md). `work` gets
 * the transaction and must do all its writes through it (services take a `Conn` for that).
 * Every operator write goes through here (docs/decisions/0048-operator-console.md).
 */
export async function audited<T>(
  deps: Pick<Deps, 'db' | 'clock'> & { changes?: Deps['changes'] },
  actor: AuditActor,
  work: (trx: Conn) => Promise<{ result: T; audit: AuditRecord }>,
  options: { announce?: ChangeTopic[] } = {},
): Promise<T> {
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const done = await work(trx);
    await repo.insertAudit(trx, {
      operator_id: actor.operatorId,
      action: done.audit.action,
      target_type: done.audit.targetType,
      target_id: String(done.audit.targetId),
      before_json:
        done.audit.before === null || done.audit.before === undefined
          ? null
          : JSON.stringify(done.audit.before),
      after_json:
        done.audit.after === null || done.audit.after === undefined ? null : JSON.stringify(done.audit.after),
      created_at: deps.clock.now(),
      ip: actor.ip.slice(0, 64),
    });
    return done.result;
  });
  for (const topic of options.announce ?? []) await deps.changes?.announce(topic);
  return result;
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export async function listAuditEntries(deps: Deps, q: AuditListQuery): Promise<AdminPage<AuditEntry>> {
  const { rows, total } = await repo.listAudit(
    deps.db.kysely,
    {
      operatorId: q.operatorId,
      action: q.action,
      targetType: q.targetType,
      targetId: q.targetId,
      from: q.from === undefined ? undefined : Date.parse(q.from),
      to: q.to === undefined ? undefined : Date.parse(q.to),
    },
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return {
    records: rows.map((r) => ({
      id: Number(r.id),
      operatorId: r.operator_id === null ? null : Number(r.operator_id),
      operatorName: r.operator_name ?? null,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: parsed(r.before_json),
      after: parsed(r.after_json),
      time: toIso(Number(r.created_at)),
      ip: r.ip,
    })),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

export const auditVocabulary = (deps: Deps) => repo.auditVocabulary(deps.db.kysely);
