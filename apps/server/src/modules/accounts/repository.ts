import { type Insertable, sql, type Updateable } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Conn } from '../../db/database.ts';
import type { SmsCodesTable, UsersTable } from './tables.ts';

// Users

export const findUserById = (db: Conn, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByLoginName = (db: Conn, loginName: string) =>
  db.selectFrom('users').selectAll().where('login_name', '=', loginName).executeTakeFirst();

export const findUserByPhone = (db: Conn, phone: string) =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

export const findUserIdByInviteCode = async (db: Conn, inviteCode: string) =>
  (await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst())?.id ??
  null;

export const loginNameExists = async (db: Conn, loginName: string) =>
  (await db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst()) !==
  undefined;

export const inviteCodeExists = async (db: Conn, inviteCode: string) =>
  (await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst()) !==
  undefined;

export const userIdExists = async (db: Conn, id: number) =>
  (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Name and avatar of each user that exists among `ids`. */
/** Names and avatars by id: every list that shows people reads them, compiled once per count (db/compiled.ts). */
export const listProfiles = (db: Conn, ids: number[]) =>
  profilesById(db, `profiles:${ids.length}`, ids, (placeholders) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'avatar'])
      .where('id', 'in', placeholders as number[]),
  );

const profilesById = compiledOnce<{ id: number; name: string; avatar: string | null }>();

export const listShownNames = (db: Conn, ids: number[]) =>
  db.selectFrom('users').select(['id', 'name', 'login_name', 'avatar']).where('id', 'in', ids).execute();

export const findInviteCode = async (db: Conn, userId: number) =>
  (await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst())
    ?.invite_code ?? null;

export const listOldestUserIds = async (db: Conn, limit: number) =>
  (await db.selectFrom('users').select('id').orderBy('id').limit(limit).execute()).map((r) => r.id);

export const listInviteCodes = async (db: Conn) =>
  (await db.selectFrom('users').select('invite_code').execute()).map((r) => r.invite_code);

export async function insertUsers(db: Conn, rows: Insertable<UsersTable>[]): Promise<Map<string, number>> {
  const inserted = await db.insertInto('users').values(rows).returning(['id', 'login_name']).execute();
  return new Map(inserted.map((r) => [r.login_name, r.id]));
}

export async function insertUser(db: Conn, values: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Conn, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Sets the phone only while the account has none, so two binds cannot overwrite each other. */
export async function setPhoneIfUnbound(db: Conn, id: number, phone: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ phone, updated_at: now })
    .where('id', '=', id)
    .where('phone', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// Sessions

export async function insertSession(
  db: Conn,
  values: { userId: number; tokenHash: string; now: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      device_id: null,
      created_at: values.now,
      last_used_at: values.now,
    })
    .execute();
}

export async function deleteSession(db: Conn, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteOtherSessions(db: Conn, userId: number, keepSessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}

// SMS codes

/**
 * Serialises SMS sends for one phone until the transaction ends, so the per-phone limits hold
 * when several server processes share PostgreSQL. SQLite already runs one writer at a time.
 */
export async function lockPhone(trx: Conn, phone: string, isPostgres: boolean): Promise<void> {
  if (isPostgres) await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
}

/** Send times of the phone's codes since `since`, newest first. */
export async function listSmsSendTimes(db: Conn, phone: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function insertSmsCode(db: Conn, values: Insertable<SmsCodesTable>): Promise<number> {
  const row = await db.insertInto('sms_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Forgets a code whose text never left (the provider refused it). */
export async function deleteSmsCode(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** The code sent last to the phone for this purpose; earlier ones are superseded by it. */
export const findLatestSmsCode = (db: Conn, phone: string, type: string) =>
  db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Counts a wrong try; answers the tries made so far. */
export async function addSmsAttempt(db: Conn, id: number): Promise<number> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('sms_codes')
    .select('attempts')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks the code used; false when another request used it first (single use under concurrency). */
export async function markSmsCodeUsed(
  db: Conn,
  id: number,
  now: number,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
