import { z } from 'zod';
import { cursorPageOf, pageQuery } from './envelope.ts';
import { callerUidField } from './validation.ts';

/** A recharge pack: pay `price` fen, receive `diamonds + bonus` diamonds. */
export const rechargePackSchema = z.object({
  id: z.number().int(),
  /** CNY in fen. */
  price: z.number().int(),
  diamonds: z.number().int(),
  bonus: z.number().int(),
  tag: z.string().nullable(),
});
export type RechargePack = z.infer<typeof rechargePackSchema>;

/** Payment providers by the names `PAY_PROVIDERS`, `payInfo` and the notify paths use. */
export const payProviders = ['alipay', 'wechat', 'sandbox'] as const;
export type PayProvider = (typeof payProviders)[number];
export const PAY_PROVIDER_TEXT: Record<PayProvider, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '沙箱支付',
};

/** One way to pay that the server offers, in the order the recharge page lists them. */
export const payMethodSchema = z.object({
  provider: z.enum(payProviders),
  /** 支付宝, 微信支付, 沙箱支付. */
  name: z.string(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;

export const payInfoBody = z.object({
  packId: z.coerce.number({ error: '请选择充值档位' }).int('packId 须为整数').positive('packId 须为正整数'),
  /** Which provider to pay with; the first one the server offers when left out. */
  provider: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(payProviders, { error: '须为 alipay、wechat 或 sandbox' }).optional(),
  ),
});
export const payInfoAnswer = z.object({
  orderId: z.string(),
  provider: z.enum(payProviders),
  /** CNY in fen. */
  amount: z.number().int(),
  /** Diamonds credited once paid (bonus included). */
  diamonds: z.number().int(),
  /** Where the browser goes to pay. */
  payUrl: z.string(),
});
export type PayInfo = z.infer<typeof payInfoAnswer>;

/**
 * Things bought once with diamonds (DESIGN §7, §13): a purchase is keyed by (user, kind, ref) and
 * charged once. The kind is also the ledger reason of its charge, so its text is the ledger's.
 * Adding a kind is one line here (names fit the ledger's 16-character reason column).
 */
export const PURCHASE_KIND_TEXT = {
  game: '购买游戏',
  chapter: '购买章节',
  episode: '购买漫画',
  video: '购买视频',
} as const;
export type PurchaseKind = keyof typeof PURCHASE_KIND_TEXT;
export const purchaseKinds = Object.keys(PURCHASE_KIND_TEXT) as [PurchaseKind, ...PurchaseKind[]];

/**
 * Why a balance changed; each row of the ledger carries one, and the statement shows
 * `text：note`, or the note alone when it starts with the text (签到第3天). Adding a reason is one line here.
 */
export const LEDGER_REASON_TEXT = {
  recharge: '充值',
  vip: '开通会员',
  gift: '系统赠送',
  invite: '邀请奖励',
  checkin: '签到',
  activity: '任务',
  /** An operator's manual credit or debit, with the operator's note (issue 20). */
  admin: '人工调整',
  ...PURCHASE_KIND_TEXT,
} as const;
export type LedgerReason = keyof typeof LEDGER_REASON_TEXT;
export const ledgerReasons = Object.keys(LEDGER_REASON_TEXT) as [LedgerReason, ...LedgerReason[]];

/**
 * The statement's text of a ledger row: the reason, then the note when there is one; a note that
 * already starts with the reason's words stands alone (签到第3天, 任务：阅读3章).
 */
export const ledgerText = (reason: LedgerReason, note: string): string => {
  const text = LEDGER_REASON_TEXT[reason];
  if (!note) return text;
  return note.startsWith(text) ? note : `${text}：${note}`;
};

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Positive for income, negative for spending, in diamonds. */
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(ledgerReasons),
  /** Chinese text for the row, e.g. 购买游戏：星海远征. */
  reasonText: z.string(),
  ref: z.string(),
  createTime: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = cursorPageOf(ledgerEntrySchema);

/** The client sends its own uid; the server always answers for the logged-in caller. */
export const coinAllBody = pageQuery.extend({ uid: callerUidField });
export const coinOrderBody = pageQuery.extend({ uid: callerUidField });

import { orderStatuses } from './wallet-values.ts';

export { ORDER_STATUS_TEXT, ORDER_TTL_MS, type OrderStatus, orderStatuses } from './wallet-values.ts';

export const orderSchema = z.object({
  orderId: z.string(),
  packId: z.number().int(),
  /** Who takes the payment: alipay, wechat, sandbox. */
  provider: z.string(),
  /** 支付宝, 微信支付… */
  providerName: z.string(),
  /** CNY in fen. */
  amount: z.number().int(),
  diamonds: z.number().int(),
  status: z.enum(orderStatuses),
  statusText: z.string(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  /** When an unpaid order closes. */
  expireTime: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = cursorPageOf(orderSchema);

export const orderIdParams = z.object({
  orderId: z.string().regex(/^[0-9A-Za-z]{8,40}$/, 'orderId 须为 8-40 位字母或数字'),
});

/** ¥6.00 from 600 fen: money is exact, so this never goes through floating point division. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
