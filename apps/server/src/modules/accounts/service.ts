import { randomInt } from 'node:crypto';
import {
  type Account,
  type BindBody,
  DEFAULT_USER_NAME,
  type LoginBody,
  type PhoneLoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UpdateInfoBody,
  type UserStatus,
} from '@ld/contract/accounts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, maskPhone } from '@ld/contract/validation';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type AuthUser, sessionsEnded } from '../../platform/auth.ts';
import { beginAttempt, clearAttempts } from '../../platform/backoff.ts';
import { toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { ruleError, sessionInvalid } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { loginBackoff } from '../../platform/rate-limit.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/tokens.ts';
import { isPhoneAutoRegisterOn } from '../client-config/public.ts';
import { firstChannelOf } from '../devices/public.ts';
import { type Membership, membershipOf } from '../vip/public.ts';
import { balanceOf } from '../wallet/public.ts';
import { assertNotBanned } from './moderation.ts';
import * as repo from './repository.ts';
import { consumeSmsCode } from './sms-codes.ts';
import type { UsersTable } from './tables.ts';

type User = Selectable<UsersTable>;

const AVATAR_SIDE = 256;
const LOGIN_FAILED = '用户名或密码错误';
const NAME_TAKEN = '该用户名已被注册';
const PHONE_TAKEN = '该手机号已绑定其他账号，请换一个手机号，或退出后用该手机号登录';

// Mapping rows to contract types: row types never leave the server.

function toAccount(user: User, token: string, isNew: boolean): Account {
  return {
    accountType: user.account_type,
    age: user.age,
    loginName: user.login_name,
    name: user.name,
    needBind: user.phone ? 0 : 1,
    needRealName: user.need_real_name ? 1 : 0,
    newAccount: isNew ? 1 : 0,
    sex: user.sex,
    token,
    uid: String(user.id),
  };
}

function toStatus(user: User, coinNum: number, membership: Membership): UserStatus {
  return {
    uid: String(user.id),
    loginName: user.login_name,
    name: user.name,
    sex: user.sex,
    age: user.age,
    avatar: user.avatar,
    phone: user.phone ? maskPhone(user.phone) : null,
    inviteCode: user.invite_code,
    coinNum,
    levelType: membership.levelType,
    expTime: toIsoOrNull(membership.expTime),
    isMember: membership.isMember,
    needBind: user.phone ? 0 : 1,
  };
}

// Building blocks

/** A new token for the user; only its hash is stored (DESIGN §5). */
async function issueSession(db: Conn, userId: number, now: number): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, { userId, tokenHash: hashToken(token), now });
  return token;
}

function randomInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** 31^8 ≈ 8.5e11 codes, so a clash is rare; the UNIQUE column still refuses a duplicate from a race. */
async function unusedInviteCode(db: Conn): Promise<string> {
  for (;;) {
    const code = randomInviteCode();
    if (!(await repo.inviteCodeExists(db, code))) return code;
  }
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * A hash to verify against when the login name is unknown, so an unknown name costs the same
 * time as a wrong password and response times do not reveal which names exist.
 */
function dummyHash(n: number): Promise<string> {
  let hash = dummyHashes.get(n);
  if (!hash) {
    hash = hashPassword('not-a-password', { N: n });
    dummyHashes.set(n, hash);
  }
  return hash;
}

interface NewUser {
  loginName: string;
  passwordHash: string | null;
  phone: string | null;
  name: string;
  inviteCode: string | undefined;
  deviceId: string | undefined;
  via: 'name' | 'phone';
}

/**
 * Creates the user with a session, in one transaction; answers the account. Whatever else a new
 * account brings (the welcome message, invite rewards) hangs on `account.registered`, emitted in
 * the same transaction.
 */
async function createUser(deps: Deps, values: NewUser): Promise<Account> {
  const now = deps.clock.now();
  const inviteCode = values.inviteCode ? values.inviteCode.toUpperCase() : undefined;
  return deps.db.kysely.transaction().execute(async (trx) => {
    // An unknown invite code is ignored: the person still wants an account.
    const invitedBy = inviteCode ? await repo.findUserIdByInviteCode(trx, inviteCode) : null;
    const id = await repo.insertUser(trx, {
      login_name: values.loginName,
      password_hash: values.passwordHash,
      phone: values.phone,
      name: values.name,
      avatar: null,
      invite_code: await unusedInviteCode(trx),
      invited_by: invitedBy,
      // The channel that brought the device (decision 0062); the channel report keeps the same in user_channels.
      channel_id: await firstChannelOf(trx, values.deviceId),
      created_at: now,
      updated_at: now,
    });
    await deps.events.emit(trx, {
      type: 'account.registered',
      userId: id,
      via: values.via,
      ...(inviteCode ? { inviteCode } : {}),
      ...(invitedBy !== null ? { invitedBy } : {}),
      ...(values.deviceId ? { deviceId: values.deviceId } : {}),
    });
    const token = await issueSession(trx, id, now);
    const user = await repo.findUserById(trx, id);
    if (!user) throw new Error('user vanished inside its own transaction');
    return toAccount(user, token, true);
  });
}

async function loginAs(deps: Deps, user: User): Promise<Account> {
  // A banned account is told why and until when, and gets no session.
  assertNotBanned(user, deps.clock.now());
  const token = await issueSession(deps.db.kysely, user.id, deps.clock.now());
  return toAccount(user, token, false);
}

async function userOf(deps: Deps, userId: number): Promise<User> {
  const user = await repo.findUserById(deps.db.kysely, userId);
  // A session outliving its user (deleted by an operator) is a dead session.
  if (!user) throw sessionInvalid();
  return user;
}

// Calls

/** Login names are case-insensitive, so "Demo" cannot pose as "demo". */
const normalizeLoginName = (loginName: string) => loginName.toLowerCase();

export async function registerWithName(deps: Deps, body: RegisterBody): Promise<Account> {
  const loginName = normalizeLoginName(body.loginName);
  if (await repo.loginNameExists(deps.db.kysely, loginName)) throw ruleError(NAME_TAKEN);
  const passwordHash = await hashPassword(body.password, { N: deps.config.scryptN });
  try {
    return await createUser(deps, {
      loginName,
      passwordHash,
      phone: null,
      name: DEFAULT_USER_NAME,
      inviteCode: body.inviteCode,
      deviceId: body.deviceID,
      via: 'name',
    });
  } catch (error) {
    if (isUniqueViolation(error, 'login_name')) throw ruleError(NAME_TAKEN);
    throw error;
  }
}

export async function login(deps: Deps, body: LoginBody, ip: string): Promise<Account> {
  const loginName = normalizeLoginName(body.loginName);
  // Unknown names are counted alike, so the waits do not tell which names exist.
  const attempts = [
    { rule: loginBackoff.fromAllAddresses, subject: loginName },
    { rule: loginBackoff.fromOneAddress, subject: `${loginName}@${ip}` },
  ];
  await beginAttempt(deps, attempts, (s) => `密码错误次数过多，请 ${s} 秒后再试，或用手机验证码登录`);
  const user = await repo.findUserByLoginName(deps.db.kysely, loginName);
  const stored = user?.password_hash ?? (await dummyHash(deps.config.scryptN));
  const isMatch = await verifyPassword(body.password, stored);
  if (!user?.password_hash || !isMatch) throw ruleError(LOGIN_FAILED);
  await clearAttempts(deps, attempts);
  return loginAs(deps, user);
}

/** Login name of an account made by phone: `m` + phone, or with a suffix if a person took that name. */
async function phoneLoginName(deps: Deps, phone: string): Promise<string> {
  const plain = `m${phone}`;
  if (!(await repo.loginNameExists(deps.db.kysely, plain))) return plain;
  for (;;) {
    const name = `${plain}_${randomInt(10_000).toString().padStart(4, '0')}`;
    if (!(await repo.loginNameExists(deps.db.kysely, name))) return name;
  }
}

/**
 * Logs in by phone and SMS code. An unknown phone gets a new account when `mayRegister` and the
 * client config allow it (the server enforces what the client is told).
 */
export async function loginWithPhone(
  deps: Deps,
  body: PhoneLoginBody,
  options: { mayRegister: boolean },
): Promise<Account> {
  await consumeSmsCode(deps, body.phone, 'login', body.code);
  const existing = await repo.findUserByPhone(deps.db.kysely, body.phone);
  if (existing) return loginAs(deps, existing);
  if (!options.mayRegister || !(await isPhoneAutoRegisterOn(deps))) {
    throw ruleError('该手机号未注册，请使用账号注册或联系客服');
  }
  try {
    return await createUser(deps, {
      loginName: await phoneLoginName(deps, body.phone),
      passwordHash: null,
      phone: body.phone,
      name: `${DEFAULT_USER_NAME}${body.phone.slice(-4)}`,
      inviteCode: body.inviteCode,
      deviceId: body.deviceID,
      via: 'phone',
    });
  } catch (error) {
    // The same phone registered by a parallel request: log in to that account instead.
    if (!isUniqueViolation(error, 'phone')) throw error;
    const winner = await repo.findUserByPhone(deps.db.kysely, body.phone);
    if (!winner) throw error;
    return loginAs(deps, winner);
  }
}

export async function bindPhone(deps: Deps, auth: AuthUser, token: string, body: BindBody): Promise<Account> {
  const user = await userOf(deps, auth.id);
  if (user.phone) {
    throw ruleError(`当前账号已绑定手机号 ${maskPhone(user.phone)}，如需更换请联系客服`);
  }
  const owner = await repo.findUserByPhone(deps.db.kysely, body.phone);
  if (owner) throw ruleError(PHONE_TAKEN);
  await consumeSmsCode(deps, body.phone, 'bind', body.code);
  let isBound: boolean;
  try {
    isBound = await repo.setPhoneIfUnbound(deps.db.kysely, user.id, body.phone, deps.clock.now());
  } catch (error) {
    if (isUniqueViolation(error, 'phone')) throw ruleError(PHONE_TAKEN);
    throw error;
  }
  if (!isBound) throw ruleError('当前账号已绑定手机号，如需更换请联系客服');
  return toAccount(await userOf(deps, user.id), token, false);
}

/** Changes the caller's password; every other session of the user ends, the caller's stays. */
export async function resetPassword(deps: Deps, auth: AuthUser, body: ResetPasswordBody): Promise<void> {
  const user = await userOf(deps, auth.id);
  if (body.oldPassword !== undefined) {
    if (!user.password_hash) {
      throw ruleError('当前账号还没有设置密码，请用绑定的手机号获取验证码来设置');
    }
    if (!(await verifyPassword(body.oldPassword, user.password_hash))) throw ruleError('原密码不正确');
  } else {
    if (!user.phone) throw ruleError('当前账号未绑定手机号，请用原密码修改，或先绑定手机号');
    if (user.phone !== body.phone) {
      throw ruleError('该手机号不是当前账号绑定的手机号，请填写绑定的手机号');
    }
    await consumeSmsCode(deps, user.phone, 'reset', body.code as string);
  }
  const passwordHash = await hashPassword(body.newPassword, { N: deps.config.scryptN });
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await repo.deleteOtherSessions(trx, user.id, auth.sessionId);
  });
  await sessionsEnded(deps);
}

export async function logout(deps: Deps, auth: AuthUser): Promise<void> {
  await repo.deleteSession(deps.db.kysely, auth.sessionId);
  await sessionsEnded(deps);
}

/** The profile with the balance (wallet) and membership (vip) of the caller. */
export async function userStatus(deps: Deps, userId: number): Promise<UserStatus> {
  const db = deps.db.kysely;
  const [user, coinNum, membership] = await Promise.all([
    userOf(deps, userId),
    balanceOf(db, userId),
    membershipOf(db, userId, deps.clock.now()),
  ]);
  return toStatus(user, coinNum, membership);
}

export async function updateInfo(deps: Deps, userId: number, body: UpdateInfoBody): Promise<UserStatus> {
  await userOf(deps, userId);
  await repo.updateUser(deps.db.kysely, userId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.sex !== undefined ? { sex: body.sex } : {}),
    ...(body.age !== undefined ? { age: String(body.age) } : {}),
    updated_at: deps.clock.now(),
  });
  // Lists that name authors (the square's guest feed, the home) keep names: drop them everywhere.
  if (body.name !== undefined) await deps.changes.announce('profiles');
  return userStatus(deps, userId);
}

/** Re-encodes the upload to a square WebP (which also drops metadata), stores it, points the user at it. */
export async function uploadAvatar(deps: Deps, userId: number, bytes: Buffer): Promise<{ url: string }> {
  await userOf(deps, userId);
  const webp = await reencodeImage(bytes, 'file', AVATAR_SIDE, { square: true });
  const url = await deps.storage.save('avatars', 'webp', webp);
  await repo.updateUser(deps.db.kysely, userId, { avatar: url, updated_at: deps.clock.now() });
  await deps.changes.announce('profiles');
  return { url };
}
