import type { WorkKind } from '@ld/contract/content';
import { CURRENCY_NAME } from '../lib/brand';

/**
 * What the pages of each kind of work call things: the unit, its neighbours, the menu, and the
 * lock's texts. One table, so the three readers say the same thing the same way where they can and
 * differ only where their words do.
 */
export interface KindWords {
  /** The previous and next unit: 上一章 / 下一章, 上一话 / 下一话. */
  prev: string;
  next: string;
  /** The menu of units: 目录, 选集. */
  menu: string;
  /** The lock's heading for a VIP and a priced unit. */
  lockedVip: string;
  lockedPriced: string;
  /** After the price of a VIP unit. */
  memberFree: string;
  /** The buy button (with the unit's price). */
  buy(price: number): string;
  /** The toast when a purchase cost nothing (bought before, or a member). */
  alreadyOpen: string;
  /** The auto-unlock switch's label; none where a kind has no switch. */
  autoUnlock: string | null;
  /** Where 开通会员 shows: to users, only beside a VIP unit, or to everyone. */
  memberLink: 'users' | 'vip' | 'always';
  /** The class name of the lock's line that names the unit (CSS beside each reader). */
  unitClass: string;
}

export const KIND_WORDS: Record<WorkKind, KindWords> = {
  novel: {
    prev: '上一章',
    next: '下一章',
    menu: '目录',
    lockedVip: '本章为 VIP 章节',
    lockedPriced: '本章为付费章节',
    memberFree: '（会员免费）',
    buy: () => '购买本章',
    alreadyOpen: '本章已解锁',
    autoUnlock: '自动购买下一章',
    memberLink: 'users',
    unitClass: 'chapter',
  },
  comic: {
    prev: '上一话',
    next: '下一话',
    menu: '选集',
    lockedVip: '本话为 VIP 章节',
    lockedPriced: '本话为付费章节',
    memberFree: '（会员免费）',
    buy: (price) => `购买 ${price} ${CURRENCY_NAME}`,
    alreadyOpen: '本话已解锁',
    autoUnlock: '自动购买下一话',
    memberLink: 'vip',
    unitClass: 'episode',
  },
  video: {
    prev: '上一个',
    next: '下一个',
    menu: '选集',
    lockedVip: 'VIP 视频',
    lockedPriced: '付费视频',
    memberFree: '（会员免费看）',
    buy: () => '购买',
    alreadyOpen: '视频已解锁',
    autoUnlock: null,
    memberLink: 'always',
    unitClass: 'video',
  },
};
