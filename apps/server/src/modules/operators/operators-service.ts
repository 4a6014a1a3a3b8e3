import type { AdminPage } from '@ld/contract/admin/list';
import type {
  CreateOperatorBody,
  Operator,
  OperatorListQuery,
  UpdateOperatorBody,
} from '@ld/contract/admin/operators';
import { operatorPasswordProblem } from '@ld/contract/admin/password';
import { isOperatorRole, type OperatorRole } from '@ld/contract/admin/roles';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound, ruleError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/tokens.ts';
import { adminOffset } from './admin-paging.ts';
import { type AuditActor, audited } from './audit.ts';
import type { OperatorRow } from './repository.ts';
import * as repo from './repository.ts';

// Operators as admins manage them (操作员). The command line (`npm run admin:create`) creates the
// first admin through `createOperator` too, with a null operator in its audit row.

const NAME_TAKEN = '该操作员名已存在';

function toOperator(row: OperatorRow, lastSeenAt: number | null = null): Operator {
  if (!isOperatorRole(row.role)) throw new Error(`unknown operator role ${row.role}`);
  return {
    id: Number(row.id),
    name: row.name,
    role: row.role,
    disabled: row.is_disabled === 1,
    totpEnabled: row.totp_enabled === 1,
    createTime: toIso(Number(row.created_at)),
    updateTime: toIso(Number(row.updated_at)),
    lastSeenTime: lastSeenAt === null ? null : toIso(lastSeenAt),
  };
}

/** Creates an operator; the password must meet the operator rules. */
export async function createOperator(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  actor: AuditActor,
  body: CreateOperatorBody,
): Promise<Operator> {
  const name = body.name.toLowerCase();
  const problem = operatorPasswordProblem(body.password, name);
  if (problem) throw badInput('password', problem);
  if (await repo.findOperatorByName(deps.db.kysely, name)) throw ruleError(NAME_TAKEN);
  const passwordHash = await hashPassword(body.password, { N: deps.config.scryptN });
  const now = deps.clock.now();
  try {
    return await audited(deps, actor, async (trx) => {
      const id = await repo.insertOperator(trx, {
        name,
        password_hash: passwordHash,
        role: body.role,
        created_at: now,
        updated_at: now,
      });
      const operator = toOperator(await rowOf(trx, id));
      return {
        result: operator,
        audit: {
          action: 'operator.create',
          targetType: 'operator',
          targetId: id,
          before: null,
          after: operator,
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'name')) throw ruleError(NAME_TAKEN);
    throw error;
  }
}

async function rowOf(db: Conn, id: number): Promise<OperatorRow> {
  const row = await repo.findOperatorById(db, id);
  if (!row) throw notFound('操作员');
  return row;
}

const SORT_COLUMNS = { id: 'id', name: 'name', createTime: 'created_at' } as const;

export async function listOperators(deps: Deps, q: OperatorListQuery): Promise<AdminPage<Operator>> {
  const { rows, total } = await repo.listOperators(
    deps.db.kysely,
    { name: q.name, role: q.role, disabled: q.disabled === undefined ? undefined : q.disabled === 'true' },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return {
    records: rows.map((r) => toOperator(r, r.last_seen_at)),
    total,
    current: q.currentPage,
    size: q.pageSize,
  };
}

export const getOperator = async (deps: Deps, id: number): Promise<Operator> =>
  toOperator(await rowOf(deps.db.kysely, id));

/**
 * Changes an operator's role or disables/enables them. Disabling ends their sessions at once; a
 * role change applies from their next call (the guard reads the role live). Nobody disables or
 * demotes themselves, and the last active admin stays one, so the console is never left without.
 */
export async function updateOperator(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateOperatorBody,
): Promise<Operator> {
  return audited(deps, actor, async (trx) => {
    const row = await rowOf(trx, id);
    const before = toOperator(row);
    const role: OperatorRole = body.role ?? before.role;
    const disabled = body.disabled ?? before.disabled;
    if (id === actor.operatorId && (disabled || role !== before.role)) {
      throw ruleError('不能停用自己或修改自己的角色，请让另一位管理员操作');
    }
    const losesAdmin = before.role === 'admin' && !before.disabled && (role !== 'admin' || disabled);
    if (losesAdmin && (await repo.countOtherActiveAdmins(trx, id)) === 0) {
      throw ruleError('这是最后一位启用的管理员，不能停用或改为其他角色');
    }
    await repo.updateOperator(trx, id, { role, is_disabled: disabled ? 1 : 0, updated_at: deps.clock.now() });
    if (disabled) await repo.deleteSessionsOf(trx, id);
    const after = toOperator(await rowOf(trx, id));
    const action =
      body.disabled === undefined || body.disabled === before.disabled
        ? 'operator.update'
        : disabled
          ? 'operator.disable'
          : 'operator.enable';
    return { result: after, audit: { action, targetType: 'operator', targetId: id, before, after } };
  });
}

/** Sets a new password for an operator who lost theirs; their sessions end. */
export async function resetOperatorPassword(
  deps: Deps,
  actor: AuditActor,
  id: number,
  password: string,
): Promise<void> {
  const row = await rowOf(deps.db.kysely, id);
  const problem = operatorPasswordProblem(password, row.name);
  if (problem) throw badInput('password', problem);
  const passwordHash = await hashPassword(password, { N: deps.config.scryptN });
  await audited(deps, actor, async (trx) => {
    await repo.updateOperator(trx, id, { password_hash: passwordHash, updated_at: deps.clock.now() });
    await repo.deleteSessionsOf(trx, id);
    return {
      result: undefined,
      audit: {
        action: 'operator.reset-password',
        targetType: 'operator',
        targetId: id,
        before: null,
        after: null,
      },
    };
  });
}

/** Turns off the two-factor of an operator who lost their authenticator; they enrol again if it is compulsory. */
export async function resetOperatorTotp(deps: Deps, actor: AuditActor, id: number): Promise<Operator> {
  return audited(deps, actor, async (trx) => {
    const before = toOperator(await rowOf(trx, id));
    await repo.updateOperator(trx, id, {
      totp_enabled: 0,
      totp_secret: null,
      totp_last_step: null,
      updated_at: deps.clock.now(),
    });
    await repo.deleteSessionsOf(trx, id);
    const after = toOperator(await rowOf(trx, id));
    return {
      result: after,
      audit: { action: 'operator.reset-totp', targetType: 'operator', targetId: id, before, after },
    };
  });
}
