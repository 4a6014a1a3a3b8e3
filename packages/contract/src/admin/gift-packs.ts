import { z } from 'zod';
import { giftPackStatuses } from '../gifts-values.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 礼包 in the operator console: packs of a game with a claim window and a pool of codes
// (issue 20 §3, docs/decisions/0058-games-and-videos-console.md).

/** A code: what a game's own redemption accepts (letters, digits, `-`, `_`), as stored (≤ 32). */
export const GIFT_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
/** Codes one import may bring (a pasted list or a CSV file). */
export const MAX_CODES_PER_IMPORT = 20_000;
/** Characters of one import's text (about 20 000 codes with a CSV's other columns). */
export const MAX_CODE_IMPORT_CHARS = 2_000_000;

export const adminGiftPackSchema = z.object({
  id: z.number().int(),
  gameId: z.number().int(),
  gameName: z.string(),
  title: z.string(),
  content: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** Codes in the pool, claimed or not. */
  total: z.number().int(),
  /** Codes nobody has claimed yet: the stock. */
  remaining: z.number().int(),
  status: z.enum(giftPackStatuses),
  createTime: z.string(),
});
export type AdminGiftPack = z.infer<typeof adminGiftPackSchema>;
export const adminGiftPackPageSchema = adminPageOf(adminGiftPackSchema);

export const adminGiftPackListQuery = adminListQuery(['id', 'startTime', 'endTime', 'title'], 'id').extend({
  gameId: blankAsAbsent(
    z.coerce.number({ error: 'gameId 须为游戏编号' }).int('gameId 须为正整数').positive('gameId 须为正整数'),
  ),
  title: blankAsAbsent(z.string().trim().max(64, 'title 最多 64 个字符')),
});
export type AdminGiftPackListQuery = z.infer<typeof adminGiftPackListQuery>;

const title = z
  .string({ error: '请填写礼包名称' })
  .trim()
  .min(1, '请填写礼包名称')
  .max(64, '礼包名称最多 64 字');
const content = z
  .string({ error: '请填写礼包内容' })
  .trim()
  .min(1, '请填写礼包内容')
  .max(255, '礼包内容最多 255 字');
const time = (what: string) =>
  z.iso.datetime({ offset: true, error: `请填写${what}（ISO 8601 时间，如 2026-11-25T08:00:00+08:00）` });
const window = (b: { startTime?: string; endTime?: string }) =>
  b.startTime === undefined || b.endTime === undefined || Date.parse(b.endTime) > Date.parse(b.startTime);
const windowMessage = { message: '结束时间须晚于开始时间', path: ['endTime'] };

export const createGiftPackBody = z
  .object({
    gameId: z.coerce.number({ error: '请选择游戏' }).int('请选择游戏').positive('请选择游戏'),
    title,
    content,
    startTime: time('开始时间'),
    endTime: time('结束时间'),
  })
  .refine(window, windowMessage);
export type CreateGiftPackBody = z.infer<typeof createGiftPackBody>;

export const updateGiftPackBody = z
  .object({
    title: title.optional(),
    content: content.optional(),
    startTime: time('开始时间').optional(),
    endTime: time('结束时间').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] })
  .refine(window, windowMessage);
export type UpdateGiftPackBody = z.infer<typeof updateGiftPackBody>;

/**
 * Codes to add to a pack's pool: `lines` is one code a line (pasted); `csv` is a CSV file's text
 * whose header names a `code` column (or 兑换码/礼包码), or a single column of codes without header.
 */
export const importCodesBody = z.object({
  format: z.enum(['lines', 'csv'], { error: 'format 只能是 lines 或 csv' }),
  text: z
    .string({ error: '请粘贴兑换码或选择 CSV 文件' })
    .min(1, '请粘贴兑换码或选择 CSV 文件')
    .max(MAX_CODE_IMPORT_CHARS, `一次最多导入 ${MAX_CODE_IMPORT_CHARS / 1_000_000}M 个字符，请分批导入`),
});
export type ImportCodesBody = z.infer<typeof importCodesBody>;

/** What an import did: codes added, codes refused as duplicates (in the file, or already in the pool), and the stock after. */
export const importCodesAnswer = z.object({
  added: z.number().int(),
  duplicatesInFile: z.number().int(),
  duplicatesInPool: z.number().int(),
  /** Some of the refused duplicates, to show (at most 20). */
  duplicateSamples: z.array(z.string()),
  total: z.number().int(),
  remaining: z.number().int(),
});
export type ImportCodesAnswer = z.infer<typeof importCodesAnswer>;
