import { z } from 'zod';
import { ConfigKey } from './defaults.ts';
import { cursorPageOf, pageQuery } from './envelope.ts';

export { ConfigKey };
export type ConfigKeyName = (typeof ConfigKey)[keyof typeof ConfigKey];

export const configItemSchema = z.object({ key: z.string(), value: z.string() });
export type ConfigItem = z.infer<typeof configItemSchema>;
export const configPageSchema = cursorPageOf(configItemSchema);
export const configListQuery = pageQuery;

/** True unless the config carries phoneLoginAutoRegister = "0" (spec §4). */
export const isPhoneAutoRegister = (items: ConfigItem[]): boolean =>
  items.find((i) => i.key === ConfigKey.phoneLoginAutoRegister)?.value !== '0';

const shortText = (field: string, max: number) =>
  z
    .string({ error: `${field} 须为文本` })
    .trim()
    .max(max, `${field} 最多 ${max} 位`);

export const deviceInitBody = z.object({
  appID: z.coerce.number({ error: '缺少 appID' }).int('appID 须为整数'),
  channelID: z.preprocess((v) => (v === '' ? undefined : v), shortText('channelID', 32).default('0')),
  deviceID: z
    .string({ error: '缺少 deviceID' })
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'deviceID 须为 8-64 位字母、数字或 -'),
  deviceType: z.preprocess((v) => (v === '' ? undefined : v), shortText('deviceType', 16).default('h5')),
  osType: z.coerce
    .number({ error: 'osType 须为整数' })
    .int('osType 须为整数')
    .min(0, 'osType 须为 0-9 的整数')
    .max(9, 'osType 须为 0-9 的整数')
    .default(3),
  inviteCode: shortText('inviteCode', 32).optional().default(''),
});
export type DeviceInitBody = z.infer<typeof deviceInitBody>;
export const deviceInitAnswer = z.object({ deviceID: z.string(), channelID: z.string() });

export const downloadVisitBody = z.object({
  channelID: z.preprocess((v) => (v === '' ? undefined : v), shortText('channelID', 32).default('0')),
  inviteCode: shortText('inviteCode', 32).optional().default(''),
});
export type DownloadVisitBody = z.infer<typeof downloadVisitBody>;
