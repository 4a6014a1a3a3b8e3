import type { Deps } from '../../platform/deps.ts';
import { upsertPlan } from './repository.ts';

/** Month, quarter and year plans, matching the three badges; prices in diamonds. */
export async function seedVipPlans(deps: Pick<Deps, 'db'>): Promise<void> {
  const plans = [
    {
      vip_type: 1,
      name: '月卡',
      days: 30,
      price: 300,
      original_price: 300,
      badge: 'month',
      description: '30 天会员，付费游戏免费下载',
      sort: 1,
    },
    {
      vip_type: 2,
      name: '季卡',
      days: 90,
      price: 800,
      original_price: 900,
      badge: 'normal',
      description: '90 天会员，比连开三个月卡更划算',
      sort: 2,
    },
    {
      vip_type: 3,
      name: '年卡',
      days: 365,
      price: 2800,
      original_price: 3600,
      badge: 'year',
      description: '365 天会员，全年最划算',
      sort: 3,
    },
  ] as const;
  for (const plan of plans) await upsertPlan(deps.db.kysely, plan);
}
