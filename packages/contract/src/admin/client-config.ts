import { z } from 'zod';
import { ConfigKey } from '../defaults.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/** A client config key (客户端配置) as operators see it, with whether the deployment's environment overrides it. */
export const adminConfigKeySchema = z.object({
  key: z.string(),
  value: z.string(),
  /** The value the portal answers when the environment sets this key (it wins over the row); else null. */
  environmentValue: z.string().nullable(),
});
export type AdminConfigKey = z.infer<typeof adminConfigKeySchema>;
export const adminConfigKeyPageSchema = adminPageOf(adminConfigKeySchema);

export const adminConfigKeyListQuery = adminListQuery(['key'], 'key').extend({
  key: blankAsAbsent(z.string().trim().max(64, 'key 最多 64 个字符')),
});
export type AdminConfigKeyListQuery = z.infer<typeof adminConfigKeyListQuery>;

export const CONFIG_VALUE_MAX = 1024;
const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const configKeyParams = z.object({
  key: z.string().regex(KEY, 'key 须以字母开头，由字母、数字、_ . - 组成，最多 64 位'),
});

const value = z
  .string({ error: '请填写配置值' })
  .trim()
  .min(1, '请填写配置值')
  .max(CONFIG_VALUE_MAX, `配置值最多 ${CONFIG_VALUE_MAX} 个字符`);

/** Keys whose values the server itself reads, with the rule each value must meet. */
const checked = (b: { key?: string; value?: string }) =>
  b.key !== ConfigKey.phoneLoginAutoRegister || b.value === undefined || b.value === '0' || b.value === '1';
const CHECKED_MESSAGE = `${ConfigKey.phoneLoginAutoRegister} 只能是 0 或 1`;

export const createConfigKeyBody = z
  .object({
    key: z
      .string({ error: '请填写配置键' })
      .trim()
      .regex(KEY, 'key 须以字母开头，由字母、数字、_ . - 组成，最多 64 位'),
    value,
  })
  .refine(checked, { message: CHECKED_MESSAGE, path: ['value'] });
export type CreateConfigKeyBody = z.infer<typeof createConfigKeyBody>;

export const updateConfigKeyBody = z.object({ value });
export type UpdateConfigKeyBody = z.infer<typeof updateConfigKeyBody>;

/** The value rule of a known key, for a change of value alone (the key comes from the path). */
export const configValueProblem = (key: string, v: string): string | null =>
  checked({ key, value: v }) ? null : CHECKED_MESSAGE;
