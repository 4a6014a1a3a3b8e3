import type { Deps } from '../../platform/deps.ts';
import { hashPassword } from '../../platform/tokens.ts';
import { insertUser } from './repository.ts';

export const DEMO_LOGIN_NAME = 'demo';
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_PHONE = '13800138000';

const DAY = 24 * 3600 * 1000;

/** The demo account (its inbox, diamonds and posts come from the other modules' seeds). */
export async function seedAccounts(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD, { N: deps.config.scryptN });
  await insertUser(deps.db.kysely, {
    login_name: DEMO_LOGIN_NAME,
    password_hash: passwordHash,
    phone: DEMO_PHONE,
    name: '蓝钻玩家',
    avatar: null,
    invite_code: 'DEMX2828',
    invited_by: null,
    created_at: now - 30 * DAY,
    updated_at: now - 30 * DAY,
  });
}
