import type { Generated } from 'kysely';

export interface GiftPacksTable {
  id: Generated<number>;
  game_id: number;
  title: string;
  content: string;
  start_at: number;
  end_at: number;
  created_at: number;
}

export interface GiftCodesTable {
  id: Generated<number>;
  pack_id: number;
  code: string;
  /** Null while the code is free. */
  user_id: number | null;
  claimed_at: number | null;
}

export interface GiftTables {
  gift_packs: GiftPacksTable;
  gift_codes: GiftCodesTable;
}
