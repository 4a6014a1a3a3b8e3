import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 游戏 in the operator console (issue 20 §3, docs/decisions/0058-games-and-videos-console.md).

/** Screenshots a game may have. */
export const MAX_GAME_SCREENSHOTS = 8;
/** Tags a game may have, and the length of one. */
export const MAX_GAME_TAGS = 8;
export const MAX_GAME_TAG_LENGTH = 12;

/** A game as operators see it: the portal's fields plus its state in the console. */
export const adminGameSchema = z.object({
  id: z.number().int(),
  /** The game's own app id (the portal's detail and gift list take it as `appID`); given at creation. */
  appID: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  /** '' until an icon is uploaded. */
  icon: z.string(),
  screenshots: z.array(z.string()),
  description: z.string(),
  version: z.string(),
  tags: z.array(z.string()),
  /** 0 free for everyone; 1 paid (members and earlier buyers download free). */
  onlineType: z.number().int(),
  /** Diamonds; 0 for a free game. */
  buyAmount: z.number().int(),
  downloadCount: z.number().int(),
  /** Higher shows first in the portal's list. */
  sort: z.number().int(),
  published: z.boolean(),
  /** Whether a package is uploaded for the platform. */
  hasAndroid: z.boolean(),
  hasIos: z.boolean(),
  /** Bytes the portal shows: the latest package uploaded. */
  size: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGamePageSchema = adminPageOf(adminGameSchema);

export const adminGameListQuery = adminListQuery(
  ['sort', 'id', 'name', 'downloadCount', 'updateTime'],
  'sort',
).extend({
  name: blankAsAbsent(z.string().trim().max(64, 'name 最多 64 个字符')),
  typeId: blankAsAbsent(
    z.coerce.number({ error: 'typeId 须为分类编号' }).int('typeId 须为正整数').positive('typeId 须为正整数'),
  ),
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminGameListQuery = z.infer<typeof adminGameListQuery>;

const name = z
  .string({ error: '请填写游戏名称' })
  .trim()
  .min(1, '请填写游戏名称')
  .max(64, '游戏名称最多 64 字');
const typeId = z.coerce.number({ error: '请选择游戏分类' }).int('请选择游戏分类').positive('请选择游戏分类');
const description = z.string({ error: '简介须为文字' }).trim().max(2000, '简介最多 2000 字');
const version = z
  .string({ error: '请填写版本号' })
  .trim()
  .min(1, '请填写版本号')
  .max(32, '版本号最多 32 个字符');
const tags = z
  .array(
    z
      .string({ error: '标签须为文字' })
      .trim()
      .min(1, '标签不能为空')
      .max(MAX_GAME_TAG_LENGTH, `每个标签最多 ${MAX_GAME_TAG_LENGTH} 字`),
    { error: '标签须为文字列表' },
  )
  .max(MAX_GAME_TAGS, `最多 ${MAX_GAME_TAGS} 个标签`)
  .refine((list) => new Set(list).size === list.length, '标签不能重复');
const onlineType = z.union([z.literal(0), z.literal(1)], {
  error: 'onlineType 只能是 0（免费）或 1（付费）',
});
const buyAmount = z
  .number({ error: '价格须为整数（钻石）' })
  .int('价格须为整数（钻石）')
  .min(0, '价格不能为负数')
  .max(100_000, '价格最多 100000 钻石');
const sort = z
  .number({ error: '排序值须为整数' })
  .int('排序值须为整数')
  .min(0, '排序值不能为负数')
  .max(1_000_000, '排序值最大为 1000000');
const published = z.boolean({ error: 'published 须为 true 或 false' });

/**
 * A paid game (onlineType 1) costs at least 1 diamond; a free one costs 0 (the portal's download
 * rules, DESIGN §6). Checked on the body here and, for an edit, on the game as it will be.
 */
export const priceRule = (game: { onlineType: number; buyAmount: number }): string | null => {
  if (game.onlineType === 1 && game.buyAmount < 1) return '付费游戏须设置价格（至少 1 钻石）';
  if (game.onlineType === 0 && game.buyAmount !== 0) return '免费游戏的价格须为 0，收费请选择付费';
  return null;
};

export const createGameBody = z
  .object({
    name,
    typeId,
    description: description.default(''),
    version: version.default('1.0.0'),
    tags: tags.default([]),
    onlineType: onlineType.default(0),
    buyAmount: buyAmount.default(0),
    /** Absent (or blank): above every other game. */
    sort: blankAsAbsent(sort),
    /** A new game is a draft; it is published once it has an icon. */
    published: published.default(false),
  })
  .superRefine((body, ctx) => {
    const broken = priceRule(body);
    if (broken) ctx.addIssue({ code: 'custom', message: broken, path: ['buyAmount'] });
  });
export type CreateGameBody = z.infer<typeof createGameBody>;

export const updateGameBody = z
  .object({
    name: name.optional(),
    typeId: typeId.optional(),
    description: description.optional(),
    version: version.optional(),
    tags: tags.optional(),
    onlineType: onlineType.optional(),
    buyAmount: buyAmount.optional(),
    sort: blankAsAbsent(sort),
    published: published.optional(),
    /** The screenshots in their new order; a URL left out is removed. Only the game's own. */
    screenshots: z.array(z.string({ error: '截图地址须为文字' }), { error: '截图须为地址列表' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['name'] });
export type UpdateGameBody = z.infer<typeof updateGameBody>;

/** Moves a game one place up or down in the portal's order (swapping with its neighbour). */
export const moveGameBody = z.object({
  direction: z.enum(['up', 'down'], { error: 'direction 只能是 up 或 down' }),
});
export type MoveGameBody = z.infer<typeof moveGameBody>;

/** A game type (the portal's tabs) with how many games it has. */
export const adminGameTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  gameCount: z.number().int(),
});
export type AdminGameType = z.infer<typeof adminGameTypeSchema>;

export const createGameTypeBody = z.object({
  name: z.string({ error: '请填写分类名称' }).trim().min(1, '请填写分类名称').max(16, '分类名称最多 16 字'),
});
export type CreateGameTypeBody = z.infer<typeof createGameTypeBody>;

/** Platforms of a package upload, by name in the path. */
export const packagePlatformParams = z.object({
  id: z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数'),
  platform: z.enum(['android', 'ios'], { error: 'platform 只能是 android 或 ios' }),
});
