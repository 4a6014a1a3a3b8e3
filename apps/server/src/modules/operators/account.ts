import { operatorPasswordProblem } from '@ld/contract/admin/password';
import type { ChangePasswordBody, DisableTotpBody, TotpBody, TotpSetup } from '@ld/contract/admin/session';
import type { Deps } from '../../platform/deps.ts';
import { badInput, ruleError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/tokens.ts';
import { newTotpSecret, otpauthUrl } from '../../platform/totp.ts';
import { type AuditActor, audited } from './audit.ts';
import * as repo from './repository.ts';
import { checkTotpCode, type OperatorIdentity, signedOut } from './sessions.ts';

// What an operator does to their own account (我的账号). Each is audited like any operator write.

async function operatorOf(deps: Pick<Deps, 'db'>, identity: OperatorIdentity) {
  const operator = await repo.findOperatorById(deps.db.kysely, identity.id);
  if (!operator) throw signedOut();
  return operator;
}

/** Changes the password (the old one first); every other session of the operator ends. */
export async function changeOwnPassword(
  deps: Deps,
  identity: OperatorIdentity,
  actor: AuditActor,
  body: ChangePasswordBody,
): Promise<void> {
  const operator = await operatorOf(deps, identity);
  if (!(await verifyPassword(body.oldPassword, operator.password_hash))) throw ruleError('原密码不正确');
  const problem = operatorPasswordProblem(body.newPassword, operator.name);
  if (problem) throw badInput('newPassword', problem);
  if (body.oldPassword === body.newPassword) throw badInput('newPassword', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(body.newPassword, { N: deps.config.scryptN });
  await audited(deps, actor, async (trx) => {
    await repo.updateOperator(trx, operator.id, {
      password_hash: passwordHash,
      updated_at: deps.clock.now(),
    });
    await repo.deleteSessionsOf(trx, operator.id, identity.sessionId);
    return {
      result: undefined,
      audit: {
        action: 'operator.password',
        targetType: 'operator',
        targetId: operator.id,
        before: null,
        after: null,
      },
    };
  });
}

/**
 * A new secret to scan, kept on the operator until confirmed by a code (`enableTotp`). Asking
 * again replaces it; two-factor already on must be turned off first.
 */
export async function startTotpSetup(deps: Deps, identity: OperatorIdentity): Promise<TotpSetup> {
  const operator = await operatorOf(deps, identity);
  if (operator.totp_enabled) throw ruleError('两步验证已开启；如需更换验证器，请先关闭再重新开启');
  const secret = newTotpSecret();
  await repo.updateOperator(deps.db.kysely, operator.id, {
    totp_secret: secret,
    updated_at: deps.clock.now(),
  });
  return { secret, otpauthUrl: otpauthUrl(`${deps.config.appTitle}后台`, operator.name, secret) };
}

/** Confirms the scanned secret with a current code; two-factor is on from then. */
export async function enableTotp(
  deps: Deps,
  identity: OperatorIdentity,
  actor: AuditActor,
  body: TotpBody,
): Promise<void> {
  const operator = await operatorOf(deps, identity);
  if (operator.totp_enabled) throw ruleError('两步验证已开启');
  if (!operator.totp_secret) throw ruleError('请先获取二维码，用验证器扫描后再输入验证码');
  await checkTotpCode(deps, deps.db.kysely, operator.id, operator.totp_secret, body.code);
  await audited(deps, actor, async (trx) => {
    await repo.updateOperator(trx, operator.id, { totp_enabled: 1, updated_at: deps.clock.now() });
    return {
      result: undefined,
      audit: {
        action: 'operator.totp-enable',
        targetType: 'operator',
        targetId: operator.id,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      },
    };
  });
}

/** Turns two-factor off with the password and a current code; refused while it is compulsory. */
export async function disableTotp(
  deps: Deps,
  identity: OperatorIdentity,
  actor: AuditActor,
  body: DisableTotpBody,
  totpRequired: boolean,
): Promise<void> {
  const operator = await operatorOf(deps, identity);
  if (!operator.totp_enabled || !operator.totp_secret) throw ruleError('两步验证未开启');
  if (totpRequired) throw ruleError('管理员已要求所有操作员开启两步验证，不能关闭');
  if (!(await verifyPassword(body.password, operator.password_hash))) throw ruleError('密码不正确');
  await checkTotpCode(deps, deps.db.kysely, operator.id, operator.totp_secret, body.code);
  await audited(deps, actor, async (trx) => {
    await repo.updateOperator(trx, operator.id, {
      totp_enabled: 0,
      totp_secret: null,
      totp_last_step: null,
      updated_at: deps.clock.now(),
    });
    return {
      result: undefined,
      audit: {
        action: 'operator.totp-disable',
        targetType: 'operator',
        targetId: operator.id,
        before: { totpEnabled: true },
        after: { totpEnabled: false },
      },
    };
  });
}
