import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsType } from '@ld/contract/accounts';
import { ErrorCode } from '@ld/contract/envelope';
import type { Deps } from '../../platform/deps.ts';
import { AppError, ruleError, sessionInvalid } from '../../platform/errors.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';
import { type SmsFailureKind, SmsSendError } from '../../platform/sms/provider.ts';
import * as repo from './repository.ts';

// SMS code rules of DESIGN §6.
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;
const MINUTE = 60 * 1000;
const SEND_LIMITS = [
  { windowMs: MINUTE, max: 1 },
  { windowMs: 60 * MINUTE, max: 5 },
  { windowMs: 24 * 60 * MINUTE, max: 10 },
] as const;
const LONGEST_WINDOW_MS = SEND_LIMITS[SEND_LIMITS.length - 1].windowMs;

/**
 * Milliseconds until the phone may be sent another code, given its send times newest first;
 * 0 when it may be sent now. Each window's limit frees up when its oldest counted send leaves it.
 */
export function waitBeforeNextSend(sendTimes: number[], now: number): number {
  let wait = 0;
  for (const { windowMs, max } of SEND_LIMITS) {
    const inWindow = sendTimes.filter((t) => t > now - windowMs);
    if (inWindow.length >= max) wait = Math.max(wait, inWindow[max - 1] + windowMs - now);
  }
  return wait;
}

/**
 * Codes are stored as an HMAC under a server secret: a plain hash of a 6-digit code could be
 * reversed by trying all million values, by anyone who can read the table.
 */
async function hashCode(deps: Deps, phone: string, type: string, code: string): Promise<string> {
  const key = await getOrCreateSecret(deps.db, 'sms-code-hmac');
  return createHmac('sha256', key).update(`${phone}:${type}:${code}`).digest('hex');
}

export interface SendSmsOptions {
  phone: string;
  type: SmsType;
  ip: string;
  /** The logged-in caller, when there is one. */
  callerId: number | null;
}

/** Refuses sends that could never lead anywhere, before a text costs money. */
async function checkPurpose(deps: Deps, { phone, type, callerId }: SendSmsOptions): Promise<void> {
  if (type === 'login') return;
  const owner = await repo.findUserByPhone(deps.db.kysely, phone);
  if (type === 'bind') {
    if (callerId === null) throw sessionInvalid();
    if (owner && owner.id === callerId) throw ruleError('该手机号已绑定当前账号，无需再次绑定');
    if (owner) throw ruleError('该手机号已绑定其他账号，请换一个手机号，或退出后用该手机号登录');
    return;
  }
  if (!owner) throw ruleError('该手机号未绑定任何账号，请确认手机号，或用原密码修改密码');
  if (callerId !== null && owner.id !== callerId) {
    throw ruleError('该手机号不是当前账号绑定的手机号，请填写绑定的手机号');
  }
}

/** Issues a fresh code for the phone and purpose, within the per-phone send limits. */
export async function sendSmsCode(deps: Deps, options: SendSmsOptions): Promise<void> {
  await checkPurpose(deps, options);
  const { phone, type, ip } = options;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashCode(deps, phone, type, code);
  const isPostgres = deps.db.dialect === 'postgres';
  const codeId = await deps.db.kysely.transaction().execute(async (trx) => {
    await repo.lockPhone(trx, phone, isPostgres);
    // The clock is read under the lock, so a send that waited for another one counts it.
    const now = deps.clock.now();
    const wait = waitBeforeNextSend(await repo.listSmsSendTimes(trx, phone, now - LONGEST_WINDOW_MS), now);
    if (wait > 0) {
      throw new AppError(
        ErrorCode.tooMany,
        `验证码发送过于频繁，请 ${Math.ceil(wait / 1000)} 秒后再试`,
        429,
        { retryAfter: Math.ceil(wait / 1000) },
      );
    }
    return repo.insertSmsCode(trx, {
      phone,
      type,
      code_hash: codeHash,
      ip: ip.slice(0, 64),
      expires_at: now + SMS_CODE_TTL_MS,
      created_at: now,
    });
  });
  const minutes = SMS_CODE_TTL_MS / MINUTE;
  try {
    await deps.sms.send({
      phone,
      code,
      minutes,
      text: `【${deps.config.appTitle}】验证码 ${code}，${minutes} 分钟内有效，请勿告诉他人。`,
    });
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    // A text that surely never left is not a send: its row goes, so it counts against no limit
    // and the code sent before it (if any) stays the one that works (docs/decisions/0055-sms-providers.md).
    // A timeout may still deliver, so that row stays and the code works when it arrives.
    if (error.delivered === 'no') await repo.deleteSmsCode(deps.db.kysely, codeId);
    throw ruleError(error.delivered === 'no' ? SEND_FAILED_TEXT[error.kind] : SEND_UNSURE_TEXT);
  }
}

/** What the user is told when no provider took the text. */
const SEND_FAILED_TEXT: Record<SmsFailureKind, string> = {
  'invalid-phone': '该手机号无法接收短信，请检查号码后重新获取',
  throttled: '该手机号获取验证码过于频繁，请稍后再试',
  unavailable: '短信发送失败，请稍后重新获取验证码',
};
const SEND_UNSURE_TEXT = '短信发送较慢，请稍候查看；若 1 分钟后仍未收到，请重新获取';

const invalidCode = (message: string) => new AppError(ErrorCode.smsCodeInvalid, message);

/**
 * Checks the code last sent to the phone for this purpose and uses it up. Wrong tries are
 * counted; the fifth voids the code. Earlier codes are superseded by the latest one.
 */
export async function consumeSmsCode(deps: Deps, phone: string, type: SmsType, code: string): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const row = await repo.findLatestSmsCode(db, phone, type);
  if (!row) throw invalidCode('验证码错误，请先获取验证码');
  if (row.used_at !== null || row.attempts >= SMS_MAX_ATTEMPTS) {
    throw invalidCode('验证码已失效，请重新获取');
  }
  if (now > row.expires_at) throw invalidCode('验证码已过期，请重新获取');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(await hashCode(deps, phone, type, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const tries = await repo.addSmsAttempt(db, row.id);
    throw invalidCode(
      tries >= SMS_MAX_ATTEMPTS
        ? '验证码错误次数过多，已失效，请重新获取'
        : `验证码错误，还可再试 ${SMS_MAX_ATTEMPTS - tries} 次`,
    );
  }
  if (!(await repo.markSmsCodeUsed(db, row.id, now, SMS_MAX_ATTEMPTS))) {
    throw invalidCode('验证码已失效，请重新获取');
  }
}
