import type { AccountTables } from '../modules/accounts/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { GameTables } from '../modules/games/tables.ts';
import type { GiftTables } from '../modules/gifts/tables.ts';
import type { NovelTables } from '../modules/novels/tables.ts';
import type { PurchaseTables } from '../modules/purchases/tables.ts';
import type { SquareTables } from '../modules/square/tables.ts';
import type { VipTables } from '../modules/vip/tables.ts';
import type { WalletTables } from '../modules/wallet/tables.ts';

/** The whole database: each domain declares its tables beside its code; this file assembles them. */
export interface Database
  extends AccountTables,
    SquareTables,
    GameTables,
    GiftTables,
    WalletTables,
    PurchaseTables,
    VipTables,
    ContentTables,
    NovelTables {}
