import { z } from 'zod';
import { cursorPageOf, pageQuery } from './envelope.ts';
import { optionalText } from './validation.ts';

export { OnlineType, PLATFORM_NAMES, PlatformType, type PlatformTypeValue } from './games-values.ts';

export const gameTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type GameType = z.infer<typeof gameTypeSchema>;

export const gameSchema = z.object({
  id: z.number().int(),
  /** The game's own app id (never the portal's 2008); detail and gift list take it as `appID`. */
  appID: z.number().int(),
  name: z.string(),
  icon: z.string(),
  screenshots: z.array(z.string()),
  description: z.string(),
  version: z.string(),
  /** Package size in bytes. */
  size: z.number().int(),
  updateTime: z.string(),
  tags: z.array(z.string()),
  type: z.number().int(),
  typeName: z.string(),
  onlineType: z.number().int(),
  /** Price in diamonds; 0 for free games. */
  buyAmount: z.number().int(),
  downloadCount: z.number().int(),
  /** Members download this game without paying (true for every paid game). */
  memberFree: z.boolean(),
  /** Platforms with a package: 1 Android, 2 iOS. */
  platforms: z.array(z.number().int()),
  /** Whether the caller bought it before; null for a guest. */
  purchased: z.boolean().nullable(),
});
export type Game = z.infer<typeof gameSchema>;
export const gamePageSchema = cursorPageOf(gameSchema);

export const gameListBody = pageQuery.extend({
  type: optionalText(
    z.coerce.number({ error: 'type 须为分类编号' }).int('type 须为整数').positive('type 须为正整数'),
  ),
  keyword: optionalText(z.string().trim().max(32, 'keyword 最多 32 个字')),
});
export type GameListBody = z.infer<typeof gameListBody>;

const appIdField = z.coerce
  .number({ error: '请提供游戏的 appID' })
  .int('appID 须为整数')
  .positive('appID 须为正整数');
/** Detail and gift list name the game by its own app id, as the spec's client sends it. */
export const gameAppIdBody = z.object({ appID: appIdField });

export const gameIdParams = z.object({
  gameId: z.coerce
    .number({ error: 'gameId 须为游戏编号' })
    .int('gameId 须为整数')
    .positive('gameId 须为正整数'),
});
const platformField = z.coerce
  .number({ error: 'platformType 须为 1（安卓）或 2（iOS）' })
  .int('platformType 须为 1（安卓）或 2（iOS）')
  .min(1, 'platformType 须为 1（安卓）或 2（iOS）')
  .max(2, 'platformType 须为 1（安卓）或 2（iOS）');
/**
 * A guest's free download carries its device (device init's deviceID), so the channel report
 * counts it under the channel that brought the device; a signed-in download counts under the
 * account's channel and ignores it.
 */
export const downloadBody = z.object({
  platformType: platformField,
  deviceID: optionalText(
    z
      .string({ error: 'deviceID 须为文本' })
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'deviceID 须为 8-64 位字母、数字或 -'),
  ),
});

export const downloadAnswer = z.object({
  /** A signed link to the package, valid for 10 minutes. */
  url: z.string(),
  /** Diamonds taken by this call (0 when free, bought before, or a member). */
  charged: z.number().int(),
  /** Balance after the call; null for a guest. */
  coinNum: z.number().int().nullable(),
});
export type DownloadAnswer = z.infer<typeof downloadAnswer>;

export const packageParams = gameIdParams.extend({ platformType: platformField });
/** The signature fields are judged by the server (403 when wrong), so they are only loosely shaped here. */
export const packageQuery = z.object({
  expires: z.string().max(20).default(''),
  uid: z.string().max(20).default(''),
  sig: z.string().max(128).default(''),
});
