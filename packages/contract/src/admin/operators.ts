import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';
import { newOperatorPassword, operatorNameSchema, operatorRoleSchema } from './session.ts';

export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: operatorRoleSchema,
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  /** When the operator last did anything in the console; null when never. */
  lastSeenTime: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;
export const operatorPageSchema = adminPageOf(operatorSchema);

export const operatorListQuery = adminListQuery(['id', 'name', 'createTime'], 'id').extend({
  name: blankAsAbsent(z.string().trim().max(32, 'name 最多 32 个字符')),
  role: blankAsAbsent(operatorRoleSchema),
  disabled: blankAsAbsent(z.enum(['true', 'false'], { error: 'disabled 只能是 true 或 false' })),
});
export type OperatorListQuery = z.infer<typeof operatorListQuery>;

export const createOperatorBody = z
  .object({ name: operatorNameSchema, role: operatorRoleSchema, password: newOperatorPassword })
  .superRefine((body, ctx) => {
    if (body.password.toLowerCase().includes(body.name.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: '密码不能包含操作员名' });
    }
  });
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;

/** What an admin changes on another operator: role, disabled, or both. */
export const updateOperatorBody = z
  .object({
    role: operatorRoleSchema.optional(),
    disabled: z.boolean({ error: 'disabled 须为 true 或 false' }).optional(),
  })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, {
    message: 'role 或 disabled 至少填一项',
    path: ['role'],
  });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBody>;

export const resetOperatorPasswordBody = z.object({ password: newOperatorPassword });
export type ResetOperatorPasswordBody = z.infer<typeof resetOperatorPasswordBody>;

/** The console's own settings. */
export const consoleSettingsSchema = z.object({
  /** Every operator must use two-factor; one without it enrols at the next login. */
  totpRequired: z.boolean({ error: 'totpRequired 须为 true 或 false' }),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;
