import type { AccountTables } from '../modules/accounts/tables.ts';
import type { ActivityTables } from '../modules/activities/tables.ts';
import type { BulletinTables } from '../modules/bulletins/tables.ts';
import type { CheckinTables } from '../modules/checkin/tables.ts';
import type { ClientConfigTables } from '../modules/client-config/tables.ts';
import type { ComicTables } from '../modules/comics/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { DeviceTables } from '../modules/devices/tables.ts';
import type { GameTables } from '../modules/games/tables.ts';
import type { GiftTables } from '../modules/gifts/tables.ts';
import type { HomeTables } from '../modules/home/tables.ts';
import type { InviteTables } from '../modules/invites/tables.ts';
import type { MessageTables } from '../modules/messages/tables.ts';
import type { NovelTables } from '../modules/novels/tables.ts';
import type { OperatorTables } from '../modules/operators/tables.ts';
import type { PurchaseTables } from '../modules/purchases/tables.ts';
import type { SquareTables } from '../modules/square/tables.ts';
import type { SupportTables } from '../modules/support/tables.ts';
import type { VideoTables } from '../modules/videos/tables.ts';
import type { VipTables } from '../modules/vip/tables.ts';
import type { WalletTables } from '../modules/wallet/tables.ts';
import type { PlatformTables } from '../platform/tables.ts';

/**
 * The whole database: each module declares the tables it owns beside its code, and only its own
 * repository queries them (docs/decisions/0016-module-boundaries.md); this file assembles them.
 */
export interface Database
  extends PlatformTables,
    AccountTables,
    DeviceTables,
    MessageTables,
    BulletinTables,
    SupportTables,
    ClientConfigTables,
    SquareTables,
    GameTables,
    GiftTables,
    WalletTables,
    PurchaseTables,
    VipTables,
    ContentTables,
    NovelTables,
    VideoTables,
    InviteTables,
    CheckinTables,
    ActivityTables,
    ComicTables,
    OperatorTables,
    // admin-site (issue 20 §3)
    HomeTables {}
