import { z } from 'zod';
import { ledgerReasons, orderStatuses, payProviders } from '../wallet.ts';
import { adminListQuery, adminPageOf, blankAsAbsent, isoTimeFilter } from './list.ts';

// 财务 in the console (issue 20 §4): recharge and membership orders, a user's statement and ledger,
// and the manual adjustment, which moves diamonds only through the ledger (reason `admin`).

/**
 * Whose orders or ledger: a uid (digits) or a login name. The server answers an unknown one with
 * an empty list, never a 404, so a typo reads as "nothing found".
 */
const userFilter = blankAsAbsent(
  z
    .string({ error: 'user 须为用户 ID 或登录名' })
    .trim()
    .max(32, 'user 须为用户 ID 或登录名，最多 32 个字符'),
);

/** A recharge order as finance sees it: the portal's fields plus the provider's record of it. */
export const adminOrderSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  uid: z.string(),
  userName: z.string(),
  packId: z.number().int(),
  /** CNY in fen. */
  amount: z.number().int(),
  diamonds: z.number().int(),
  status: z.enum(orderStatuses),
  statusText: z.string(),
  provider: z.string(),
  providerName: z.string(),
  /** The provider's trade number (支付宝 trade_no, 微信 transaction_id); null until paid. */
  txnId: z.string().nullable(),
  /** What the provider last said of the order when asked (NOTPAY, TRADE_CLOSED, an error). */
  providerState: z.string().nullable(),
  /** When the provider was last asked (decision 0054's reconcile job, the return page). */
  providerCheckedTime: z.string().nullable(),
  channelId: z.string(),
  inviteCode: z.string(),
  createTime: z.string(),
  expireTime: z.string(),
  /** When the notify (or a query) confirmed the payment. */
  paidTime: z.string().nullable(),
  creditedTime: z.string().nullable(),
  closedTime: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = adminPageOf(adminOrderSchema);

export const adminOrderListQuery = adminListQuery(['createTime', 'amount', 'paidTime'], 'createTime').extend({
  user: userFilter,
  status: blankAsAbsent(z.enum(orderStatuses, { error: `status 只能是 ${orderStatuses.join('、')}` })),
  provider: blankAsAbsent(z.enum(payProviders, { error: `provider 只能是 ${payProviders.join('、')}` })),
  orderId: blankAsAbsent(z.string().trim().max(40, 'orderId 最多 40 个字符')),
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

/** A membership order: paid in diamonds through the ledger (reason `vip`), so always complete. */
export const adminVipOrderSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  userName: z.string(),
  vipType: z.number().int(),
  /** The plan's name now (月卡…); empty for a plan since removed. */
  planName: z.string(),
  days: z.number().int(),
  /** Diamonds paid. */
  price: z.number().int(),
  /** Membership ends at this time after the order. */
  expTimeAfter: z.string().nullable(),
  channelId: z.string(),
  inviteCode: z.string(),
  createTime: z.string(),
});
export type AdminVipOrder = z.infer<typeof adminVipOrderSchema>;
export const adminVipOrderPageSchema = adminPageOf(adminVipOrderSchema);

export const adminVipOrderListQuery = adminListQuery(['createTime', 'price'], 'createTime').extend({
  user: userFilter,
  vipType: blankAsAbsent(
    z.coerce.number({ error: 'vipType 须为正整数' }).int('vipType 须为正整数').positive('vipType 须为正整数'),
  ),
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type AdminVipOrderListQuery = z.infer<typeof adminVipOrderListQuery>;

/** The head of a user's statement. */
export const adminStatementSchema = z.object({
  uid: z.string(),
  loginName: z.string(),
  name: z.string(),
  /** Diamonds now. */
  balance: z.number().int(),
  /** Sum of every ledger row: equals the balance, or the ledger is broken (shown to finance). */
  ledgerSum: z.number().int(),
  ledgerRows: z.number().int(),
});
export type AdminStatement = z.infer<typeof adminStatementSchema>;

/** A ledger row as finance sees it: the statement's row, plus who made it when an operator did. */
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(ledgerReasons),
  /** What the user's statement shows for the row (人工调整：补偿…). */
  reasonText: z.string(),
  ref: z.string(),
  /** The operator of a manual adjustment; null for every other reason (and for the command line). */
  operatorId: z.number().int().nullable(),
  /** That operator's login name (joined from the operators table); null when `operatorId` is. */
  operatorName: z.string().nullable(),
  createTime: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;
export const adminLedgerPageSchema = adminPageOf(adminLedgerEntrySchema);

export const adminLedgerListQuery = adminListQuery(['createTime'], 'createTime').extend({
  reason: blankAsAbsent(z.enum(ledgerReasons, { error: `reason 只能是 ${ledgerReasons.join('、')}` })),
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type AdminLedgerListQuery = z.infer<typeof adminLedgerListQuery>;

/** GET /users/:id/ledger.csv: the same filters as the page, every matching row (newest first). */
export const adminLedgerCsvQuery = z.object({
  reason: adminLedgerListQuery.shape.reason,
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type AdminLedgerCsvQuery = z.infer<typeof adminLedgerCsvQuery>;
/** The most rows one ledger export holds; a longer ledger is exported by time range. */
export const LEDGER_CSV_MAX_ROWS = 50_000;
/** The ledger export's Chinese headers, in column order. */
export const LEDGER_CSV_HEADERS = [
  '时间（北京时间）',
  '说明',
  '变动（蓝钻）',
  '变动后余额',
  '操作员',
  '关联单号',
] as const;

/** The largest single manual adjustment, in diamonds. */
export const MAX_ADJUSTMENT = 1_000_000;

/**
 * A manual credit or debit. `requestKey` is made once per form (a UUID) and sent with every retry:
 * the same key applies once, so a double click or a lost answer never pays twice.
 */
export const adjustmentBody = z.object({
  direction: z.enum(['credit', 'debit'], { error: 'direction 只能是 credit（增加）或 debit（扣减）' }),
  amount: z.coerce
    .number({ error: '请填写调整数额' })
    .int('调整数额须为整数')
    .positive('调整数额须大于 0')
    .max(MAX_ADJUSTMENT, `单次调整最多 ${MAX_ADJUSTMENT} 蓝钻`),
  note: z
    .string({ error: '请填写备注（调整原因）' })
    .trim()
    .min(2, '请填写备注（调整原因），至少 2 个字')
    .max(120, '备注最多 120 字'),
  requestKey: z
    .string({ error: '缺少 requestKey' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'requestKey 须为 8-64 位字母、数字或 -'),
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  operatorId: z.number().int().nullable(),
  /** Signed: negative for a debit. */
  delta: z.number().int(),
  note: z.string(),
  balanceAfter: z.number().int(),
  requestKey: z.string(),
  createTime: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** A user in a path: a uid (digits) or a login name. */
export const userParams = z.object({
  user: z
    .string({ error: 'user 须为用户 ID 或登录名' })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, 'user 须为用户 ID 或登录名'),
});
