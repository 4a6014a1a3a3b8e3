import type { LedgerReason, OrderStatus } from '@ld/contract/wallet';
import type { Generated } from 'kysely';

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  ref: string;
  /** What the row was for, in Chinese (a game's or a plan's name); shown after the reason. */
  note: Generated<string>;
  /** `${reason}:${ref}`: the same change applied twice is applied once. */
  idem_key: string;
  created_at: number;
}

export interface RechargePacksTable {
  id: Generated<number>;
  price: number;
  diamonds: number;
  bonus: Generated<number>;
  tag: string | null;
  sort: Generated<number>;
  is_active: Generated<number>;
}

export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  pack_id: number;
  amount: number;
  diamonds: number;
  status: OrderStatus;
  provider: string;
  txn_id: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  credited_at: number | null;
  closed_at: number | null;
}

export interface WalletTables {
  coin_ledger: CoinLedgerTable;
  recharge_packs: RechargePacksTable;
  recharge_orders: RechargeOrdersTable;
}
