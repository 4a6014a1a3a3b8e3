// Gift packs' plain values, without zod, for the web's pages (`gifts.ts` holds the schemas).

/** Where a pack stands for a caller looking at it now. */
export const giftPackStatuses = ['upcoming', 'open', 'ended', 'soldOut'] as const;
export type GiftPackStatus = (typeof giftPackStatuses)[number];
export const GIFT_PACK_STATUS_TEXT: Record<GiftPackStatus, string> = {
  upcoming: '未开始',
  open: '领取',
  ended: '已过期',
  soldOut: '已领完',
};
