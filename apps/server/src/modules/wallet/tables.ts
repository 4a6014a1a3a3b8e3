import type { LedgerReason, OrderStatus } from '@ld/contract/wallet';
import type { Generated } from 'kysely';

/**
 * A user's balance (DESIGN §7). A row appears with the user's first ledger entry; no row reads as
 * 0. It changes only with a ledger row in the same transaction, never below zero (CHECK).
 */
export interface WalletsTable {
  user_id: number;
  coin_num: Generated<number>;
}

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
  /** The provider's own word for the order at the last query (NOTPAY, TRADE_CLOSED, an error code). */
  provider_state: string | null;
  provider_checked_at: number | null;
  /** The buyer's channel and invite code when the order was made (user_channels; decision 0062). */
  channel_id: Generated<string>;
  invite_code: Generated<string>;
}

/** An operator's manual credit or debit: one per request key, with its ledger row (reason `admin`). */
export interface WalletAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number | null;
  /** Signed diamonds. */
  delta: number;
  note: string;
  request_key: string;
  balance_after: number;
  created_at: number;
}

export interface WalletTables {
  wallets: WalletsTable;
  coin_ledger: CoinLedgerTable;
  recharge_packs: RechargePacksTable;
  recharge_orders: RechargeOrdersTable;
  wallet_adjustments: WalletAdjustmentsTable;
}
