import { z } from 'zod';
import { cursorPageOf, pageQuery } from './envelope.ts';

// Friend invites (DESIGN §14, docs/decisions/0041-invites.md): every user has a code and a link
// `/?inviteCode=CODE`; a new account registered with the code pays the inviter once per account
// and once per device, through the ledger (reason `invite`, ref the invitee's id).

/** How an invite ended: paid, or why it paid nothing. Adding one is one line here. */
export const INVITE_STATUS_TEXT = {
  paid: '奖励已到账',
  own: '本人设备注册的账号，不发奖励',
  device: '该设备已注册过账号，不发奖励',
  noDevice: '未识别到注册设备，不发奖励',
} as const;
export type InviteStatus = keyof typeof INVITE_STATUS_TEXT;
export const inviteStatuses = Object.keys(INVITE_STATUS_TEXT) as [InviteStatus, ...InviteStatus[]];

export const inviteMeSchema = z.object({
  code: z.string(),
  /** Absolute: the portal's public address with `/?inviteCode=CODE`. */
  link: z.string(),
  /** Friends whose sign-up paid (refused ones are listed, not counted). */
  invitedCount: z.number().int(),
  /** Diamonds these invites paid in all. */
  rewardTotal: z.number().int(),
});
export type InviteMe = z.infer<typeof inviteMeSchema>;

export const inviteRecordSchema = z.object({
  id: z.number().int(),
  /** The friend's name, masked (e.g. 游***4). */
  name: z.string(),
  avatar: z.string().nullable(),
  /** When the friend signed up. */
  joinTime: z.string(),
  /** Diamonds this invite paid (0 when refused). */
  reward: z.number().int(),
  status: z.enum(inviteStatuses),
  /** Chinese: paid, or why not. */
  statusText: z.string(),
});
export type InviteRecord = z.infer<typeof inviteRecordSchema>;
export const inviteRecordPageSchema = cursorPageOf(inviteRecordSchema);

export const inviteRecordsQuery = pageQuery;

/** A name shown to somebody else: first and last character kept, at most three stars between. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('') || '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 3))}${chars.at(-1)}`;
}

/** The ledger note of an invite's reward; the statement reads 邀请奖励：邀请 游***4. */
export const inviteNote = (maskedName: string): string => `邀请 ${maskedName}`;
