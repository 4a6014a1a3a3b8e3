import { ConfigKey } from '@ld/contract/client-config';
import type { Deps } from '../../platform/deps.ts';
import { upsertConfigRows } from './repository.ts';

/** The client config rows an operator would set. */
export async function seedClientConfig(deps: Pick<Deps, 'db'>): Promise<void> {
  await upsertConfigRows(deps.db.kysely, [
    { key: ConfigKey.phoneLoginAutoRegister, value: '1' },
    // Demo contact details on reserved example domains; an operator sets the real ones
    // (CONTACT_URL / BUSINESS_EMAIL override these rows).
    { key: ConfigKey.contactUrl, value: 'https://kefu.landiamond.example/chat' },
    { key: ConfigKey.businessEmail, value: 'bd@landiamond.example' },
    { key: 'customerServiceHours', value: '工作日 9:00-21:00' },
    { key: 'checkinRuleText', value: '每日签到领奖励，连续 7 天为一个周期' },
  ]);
}
