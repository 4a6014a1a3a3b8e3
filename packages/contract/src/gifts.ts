import { z } from 'zod';
import { cursorPageOf, pageQuery } from './envelope.ts';
import { giftPackStatuses } from './gifts-values.ts';
import { callerUidField } from './validation.ts';

export { GIFT_PACK_STATUS_TEXT, type GiftPackStatus, giftPackStatuses } from './gifts-values.ts';

export const giftPackSchema = z.object({
  id: z.number().int(),
  gameId: z.number().int(),
  title: z.string(),
  /** What the code gives in game, e.g. 钻石×100、金币×5000. */
  content: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  total: z.number().int(),
  remaining: z.number().int(),
  status: z.enum(giftPackStatuses),
  /** The caller's code for this pack, or null (also null for a guest). */
  myCode: z.string().nullable(),
});
export type GiftPack = z.infer<typeof giftPackSchema>;

/** A pack in the square's gift centre, with the game it belongs to. */
export const giftCenterItemSchema = giftPackSchema.extend({
  appID: z.number().int(),
  gameName: z.string(),
  gameIcon: z.string(),
});
export type GiftCenterItem = z.infer<typeof giftCenterItemSchema>;
export const giftCenterPageSchema = cursorPageOf(giftCenterItemSchema);

/** A code the caller claimed (奖励礼包). */
export const myGiftSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  packId: z.number().int(),
  packTitle: z.string(),
  content: z.string(),
  gameId: z.number().int(),
  appID: z.number().int(),
  gameName: z.string(),
  gameIcon: z.string(),
  claimTime: z.string(),
});
export type MyGift = z.infer<typeof myGiftSchema>;
export const myGiftPageSchema = cursorPageOf(myGiftSchema);
/** `/v1/gift/me`: the caller's codes, newest first. */
export const myGiftQuery = pageQuery.extend({ uid: callerUidField });

export const packIdParams = z.object({
  packId: z.coerce
    .number({ error: 'packId 须为礼包编号' })
    .int('packId 须为整数')
    .positive('packId 须为正整数'),
});
export const claimAnswer = z.object({ code: z.string() });
export type ClaimAnswer = z.infer<typeof claimAnswer>;
