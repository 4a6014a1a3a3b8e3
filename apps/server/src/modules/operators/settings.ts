import type { ConsoleSettings } from '@ld/contract/admin/operators';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { type AuditActor, audited } from './audit.ts';
import * as repo from './repository.ts';

const TOTP_REQUIRED = 'totp_required';

/** Whether every operator must use two-factor (the admins' switch); off until an admin turns it on. */
export const isTotpRequired = async (db: Conn): Promise<boolean> =>
  (await repo.readSetting(db, TOTP_REQUIRED)) === '1';

export async function readSettings(deps: Pick<Deps, 'db'>): Promise<ConsoleSettings> {
  return { totpRequired: await isTotpRequired(deps.db.kysely) };
}

/**
 * Sets the console's settings. Turning compulsory two-factor on does not end anybody's session:
 * an operator without two-factor meets the enrolment at the next login.
 */
export async function updateSettings(
  deps: Deps,
  actor: AuditActor,
  next: ConsoleSettings,
): Promise<ConsoleSettings> {
  return audited(deps, actor, async (trx) => {
    const before = { totpRequired: await isTotpRequired(trx) };
    await repo.writeSetting(trx, TOTP_REQUIRED, next.totpRequired ? '1' : '0', deps.clock.now());
    return {
      result: next,
      audit: { action: 'settings.update', targetType: 'settings', targetId: 'console', before, after: next },
    };
  });
}
