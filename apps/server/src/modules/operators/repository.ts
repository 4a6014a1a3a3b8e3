import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { OperatorSessionsTable, OperatorsTable } from './tables.ts';

export type OperatorRow = Selectable<OperatorsTable>;

export async function insertOperator(db: Conn, row: Insertable<OperatorsTable>): Promise<number> {
  const { id } = await db.insertInto('operators').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export const findOperatorById = (db: Conn, id: number) =>
  db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();

export const findOperatorByName = (db: Conn, name: string) =>
  db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();

export async function updateOperator(
  db: Conn,
  id: number,
  values: Updateable<OperatorsTable>,
): Promise<void> {
  await db.updateTable('operators').set(values).where('id', '=', id).execute();
}

/** Active admins other than `exceptId`: the last admin may not be disabled or demoted. */
export async function countOtherActiveAdmins(db: Conn, exceptId: number): Promise<number> {
  const { n } = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('is_disabled', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface OperatorFilter {
  name?: string | undefined;
  role?: string | undefined;
  disabled?: boolean | undefined;
}

function filtered(db: Conn, f: OperatorFilter) {
  let q = db.selectFrom('operators');
  if (f.name) q = q.where(containsText('name', f.name));
  if (f.role) q = q.where('role', '=', f.role);
  if (f.disabled !== undefined) q = q.where('is_disabled', '=', f.disabled ? 1 : 0);
  return q;
}

export async function listOperators(
  db: Conn,
  f: OperatorFilter,
  sort: 'id' | 'name' | 'created_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: Array<OperatorRow & { last_seen_at: number | null }>; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('operators')
      .select((eb) =>
        eb
          .selectFrom('operator_sessions')
          .select((s) => s.fn.max('last_used_at').as('m'))
          .whereRef('operator_sessions.operator_id', '=', 'operators.id')
          .as('last_seen_at'),
      )
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, last_seen_at: r.last_seen_at === null ? null : Number(r.last_seen_at) })),
    total: Number(count.n),
  };
}

// Sessions

export async function insertSession(db: Conn, row: Insertable<OperatorSessionsTable>): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

/** The session of a token hash with its operator's live role and state (read on every call). */
export const findSessionByTokenHash = (db: Conn, tokenHash: string) =>
  db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as sessionId',
      's.stage',
      's.expires_at',
      's.last_used_at',
      'o.id as operatorId',
      'o.name',
      'o.role',
      'o.is_disabled',
      'o.totp_enabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

export async function touchSession(db: Conn, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Conn, sessionId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the operator, or every other than `keepId`. */
export async function deleteSessionsOf(db: Conn, operatorId: number, keepId?: number): Promise<void> {
  let q = db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId);
  if (keepId !== undefined) q = q.where('id', '!=', keepId);
  await q.execute();
}

export async function deleteExpiredSessions(db: Conn, now: number, idleMs: number): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', now - idleMs)]))
    .execute();
}

// Settings

export async function readSetting(db: Conn, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('operator_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Conn, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('operator_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
