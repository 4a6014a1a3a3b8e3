import type { PurchaseKind } from '@ld/contract/wallet';
import type { Generated } from 'kysely';

/** One row per thing a user bought once (DESIGN §7): UNIQUE (user_id, kind, ref). */
export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  kind: PurchaseKind;
  /** What was bought, in the kind's own terms (a game id, a chapter id). */
  ref: string;
  /** Diamonds charged (always positive: free and member access leave no row). */
  price: number;
  created_at: number;
}

export interface PurchaseTables {
  purchases: PurchasesTable;
}
