import { z } from 'zod';
import { blankAsAbsent } from './list.ts';

// 渠道报表 (issue 20 §5): what each channel and invite code brought, per day (Asia/Shanghai).

/** The longest range one report covers, in days. */
export const REPORT_MAX_DAYS = 92;

const day = (field: string) =>
  z
    .string({ error: `${field} 须为日期，如 2026-11-25` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} 须为日期，如 2026-11-25`)
    // A real calendar day: Date.parse alone takes 2026-02-30 for March 2nd.
    .refine((v) => {
      const ms = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
    }, `${field} 不是有效日期`);

export const channelReportQuery = z
  .object({
    from: day('from'),
    to: day('to'),
    channelId: blankAsAbsent(z.string().trim().max(32, 'channelId 最多 32 个字符')),
    inviteCode: blankAsAbsent(z.string().trim().max(32, 'inviteCode 最多 32 个字符')),
  })
  .refine((q) => q.from <= q.to, { message: 'to 不能早于 from', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < REPORT_MAX_DAYS,
    { message: `一次最多统计 ${REPORT_MAX_DAYS} 天，请缩小日期范围`, path: ['to'] },
  );
export type ChannelReportQuery = z.infer<typeof channelReportQuery>;

/** The figures of one (day, channel, invite code) or of a total. */
export const channelFiguresSchema = z.object({
  /** 设备激活: devices that ran device init (`/user/device/init`) that day, each once. */
  deviceInits: z.number().int(),
  /** 下载页访问: visits to the download page. */
  downloadVisits: z.number().int(),
  /** 注册: new accounts. */
  registrations: z.number().int(),
  /** 游戏下载: download links handed out. */
  gameDownloads: z.number().int(),
  /** 充值订单: recharge orders created. */
  rechargeOrders: z.number().int(),
  /** 支付成功订单: recharge orders paid that day. */
  paidOrders: z.number().int(),
  /** 支付金额: CNY in fen paid that day. */
  paidAmount: z.number().int(),
  /** 开通会员: membership orders. */
  vipOpens: z.number().int(),
});
export type ChannelFigures = z.infer<typeof channelFiguresSchema>;
export const CHANNEL_FIGURES = [
  'deviceInits',
  'downloadVisits',
  'registrations',
  'gameDownloads',
  'rechargeOrders',
  'paidOrders',
  'paidAmount',
  'vipOpens',
] as const satisfies ReadonlyArray<keyof ChannelFigures>;

/** The Chinese name of each figure: table headers, chart legends and the CSV's header row. */
export const CHANNEL_FIGURE_LABELS: Record<keyof ChannelFigures, string> = {
  deviceInits: '设备激活',
  downloadVisits: '下载页访问',
  registrations: '注册',
  gameDownloads: '游戏下载',
  rechargeOrders: '充值订单',
  paidOrders: '支付成功订单',
  paidAmount: '支付金额（元）',
  vipOpens: '开通会员',
};

export const channelReportRowSchema = channelFiguresSchema.extend({
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: z.string(),
  channelId: z.string(),
  /** Empty when the visit or user came without one. */
  inviteCode: z.string(),
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;

export const channelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per (day, channel, invite code) with anything to count, by day then channel. */
  rows: z.array(channelReportRowSchema),
  /** Every day of the range, zeros included (the chart's x axis). */
  byDay: z.array(channelFiguresSchema.extend({ day: z.string() })),
  /** Per channel over the range, most registrations first. */
  byChannel: z.array(channelFiguresSchema.extend({ channelId: z.string() })),
  totals: channelFiguresSchema,
});
export type ChannelReport = z.infer<typeof channelReportSchema>;

/** The CSV's header row, in column order. */
export const CHANNEL_CSV_HEADERS = [
  '日期',
  '渠道',
  '邀请码',
  ...CHANNEL_FIGURES.map((f) => CHANNEL_FIGURE_LABELS[f]),
];
