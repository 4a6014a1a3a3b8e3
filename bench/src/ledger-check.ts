import type { Db } from '@ld/server/src/db/database.ts';
import { type RawBuilder, sql } from 'kysely';

export interface LedgerCheck {
  /** Users whose balance is not the sum of their ledger deltas, or not their last balance_after. */
  mismatched: number;
  /** Balances or ledger rows below zero. */
  negative: number;
  /** Purchases without exactly one 'game' ledger row for them. */
  unpaidPurchases: number;
  /** Purchases made by the given users. */
  purchases: number;
  /** Diamonds granted to the given users minus what their purchases cost, less their balances: 0 when none vanished. */
  drift: number;
}

/** Checks DESIGN §7 over the whole database after the load: diamonds never appear or vanish. */
export async function checkLedger(db: Db, userIds: number[]): Promise<LedgerCheck> {
  const one = async <T>(query: RawBuilder<T>) => (await query.execute(db.kysely)).rows[0];
  const mismatched = await one<{ n: number }>(sql`
    select count(*) as n from users u left join wallets w on w.user_id = u.id
    where coalesce(w.coin_num, 0) <> coalesce((select sum(l.delta) from coin_ledger l where l.user_id = u.id), 0)
       or coalesce(w.coin_num, 0) <> coalesce((select l.balance_after from coin_ledger l where l.user_id = u.id order by l.id desc limit 1), 0)`);
  const negative = await one<{ n: number }>(sql`
    select (select count(*) from wallets where coin_num < 0) + (select count(*) from coin_ledger where balance_after < 0) as n`);
  const unpaid = await one<{ n: number }>(sql`
    select count(*) as n from purchases p
    where p.kind = 'game' and (select count(*) from coin_ledger l where l.reason = 'game' and l.ref = cast(p.id as varchar(64)) and l.user_id = p.user_id and l.delta = -p.price) <> 1`);
  const ids = sql.join(userIds);
  const flows = await one<{ purchases: number; spent: number; granted: number; balances: number }>(sql`
    select
      (select count(*) from purchases where kind = 'game' and user_id in (${ids})) as purchases,
      (select coalesce(sum(price), 0) from purchases where kind = 'game' and user_id in (${ids})) as spent,
      (select coalesce(sum(delta), 0) from coin_ledger where reason = 'gift' and user_id in (${ids})) as granted,
      (select coalesce(sum(coin_num), 0) from wallets where user_id in (${ids})) as balances`);
  return {
    mismatched: Number(mismatched.n),
    negative: Number(negative.n),
    unpaidPurchases: Number(unpaid.n),
    purchases: Number(flows.purchases),
    drift: Number(flows.granted) - Number(flows.spent) - Number(flows.balances),
  };
}
