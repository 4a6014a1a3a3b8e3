import { z } from 'zod';

/** Keys of the client config list that the web app reads; any other key is passed through. */
export const ConfigKey = {
  bundleUrl: 'bundleUrl',
  packageUrl: 'packageUrl',
  /** Phone login registers new numbers unless this key is present with value "0" (spec §4). */
  phoneLoginAutoRegister: 'phoneLoginAutoRegister',
  contactUrl: 'contactUrl',
  businessEmail: 'businessEmail',
} as const;

export const configItemSchema = z.object({ key: z.string(), value: z.string() });
export type ConfigItem = z.infer<typeof configItemSchema>;

export const deviceInitBody = z.object({
  appID: z.coerce.number().int(),
  channelID: z.string().trim().max(32, 'channelID 最多 32 位').default('0'),
  deviceID: z
    .string({ error: '缺少 deviceID' })
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'deviceID 须为 8-64 位字母或数字'),
  deviceType: z.string().trim().max(16).default('h5'),
  osType: z.coerce.number().int().default(3),
  inviteCode: z.string().trim().max(32).optional().default(''),
});
export const downloadVisitBody = z.object({
  channelID: z.string().trim().max(32, 'channelID 最多 32 位').optional().default('0'),
  inviteCode: z.string().trim().max(32, 'inviteCode 最多 32 位').optional().default(''),
});
