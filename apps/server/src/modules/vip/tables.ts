import type { VipBadge } from '@ld/contract/vip';
import type { Generated } from 'kysely';

export interface VipPlansTable {
  vip_type: number;
  name: string;
  days: number;
  price: number;
  original_price: number;
  badge: VipBadge;
  description: Generated<string>;
  sort: Generated<number>;
  /** 1: listed by vip/vipconfig and on sale; 0: taken off sale from the console. */
  is_active: Generated<number>;
}

export interface VipOrdersTable {
  id: Generated<number>;
  user_id: number;
  vip_type: number;
  days: number;
  price: number;
  request_id: string;
  exp_time_after: number;
  created_at: number;
  /** The buyer's channel and invite code when the order was made (decision 0062). */
  channel_id: Generated<string>;
  invite_code: Generated<string>;
}

/** A user's membership: member while level_type >= 1 and exp_time is in the future (DESIGN §6). */
export interface MembershipsTable {
  user_id: number;
  level_type: number;
  exp_time: number | null;
  updated_at: number;
}

export interface VipTables {
  memberships: MembershipsTable;
  vip_plans: VipPlansTable;
  vip_orders: VipOrdersTable;
}
