import type { Conn } from '../../db/database.ts';

/** A user's latest recharge orders, newest first (the customer service inbox shows them beside a note). */
export const recentOrdersOf = (db: Conn, userId: number, limit: number) =>
  db
    .selectFrom('recharge_orders')
    .select(['order_no', 'amount', 'diamonds', 'status', 'provider', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
