import { randomInt } from 'node:crypto';
import { DEFAULT_USER_NAME } from '@ld/contract/accounts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@ld/contract/validation';
import type { Conn } from '../../db/database.ts';
import * as repo from './repository.ts';

// What other modules may know about users, through accounts/public.ts: the users table stays
// private to this module (docs/decisions/0016-module-boundaries.md).

/** What a list shows of a person (a post's author, whom a reply answers). */
export interface Profile {
  name: string;
  avatar: string | null;
}

/** Shown for an id without a user (an account removed since). */
export const UNKNOWN_PROFILE: Profile = { name: DEFAULT_USER_NAME, avatar: null };

/** Name and avatar of each existing user among `ids` (duplicates allowed), by id. */
export async function profilesOf(db: Conn, ids: Iterable<number>): Promise<Map<number, Profile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.listProfiles(db, unique);
  return new Map(rows.map((r) => [r.id, { name: r.name, avatar: r.avatar }]));
}

/**
 * How each user among `ids` is shown to a person who invited them: the display name, or the login
 * name while the display name is still the default 游客 (a name registration). Callers mask it.
 */
export async function shownNamesOf(db: Conn, ids: Iterable<number>): Promise<Map<number, Profile>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.listShownNames(db, unique);
  return new Map(
    rows.map((r) => [r.id, { name: r.name === DEFAULT_USER_NAME ? r.login_name : r.name, avatar: r.avatar }]),
  );
}

/** The user's invite code (made once, at sign-up); null for an unknown id. */
export const inviteCodeOf = (db: Conn, userId: number): Promise<string | null> =>
  repo.findInviteCode(db, userId);

export const userExists = (db: Conn, userId: number): Promise<boolean> => repo.userIdExists(db, userId);

export async function findUserIdByLoginName(db: Conn, loginName: string): Promise<number | null> {
  return (await repo.findUserByLoginName(db, loginName.toLowerCase()))?.id ?? null;
}

/** The first `limit` accounts ever made (demo content gives them things). */
export const oldestUserIds = (db: Conn, limit: number): Promise<number[]> =>
  repo.listOldestUserIds(db, limit);

export interface NewPerson {
  /** Lower case, 4-20 of [a-z0-9_]. */
  loginName: string;
  name: string;
  avatar: string | null;
  createdAt: number;
}

/**
 * Accounts without a password or phone (demo content, imports): they exist to be shown, and
 * cannot log in until an operator gives them a way. Answers their ids in the order given.
 */
export async function createPeople(db: Conn, people: NewPerson[]): Promise<number[]> {
  if (people.length === 0) return [];
  const taken = new Set(await repo.listInviteCodes(db));
  const inviteCode = () => {
    for (;;) {
      let code = '';
      for (let i = 0; i < INVITE_CODE_LENGTH; i++)
        code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
      if (!taken.has(code)) {
        taken.add(code);
        return code;
      }
    }
  };
  const ids = await repo.insertUsers(
    db,
    people.map((p) => ({
      login_name: p.loginName,
      password_hash: null,
      phone: null,
      name: p.name,
      avatar: p.avatar,
      invite_code: inviteCode(),
      invited_by: null,
      created_at: p.createdAt,
      updated_at: p.createdAt,
    })),
  );
  return people.map((p) => ids.get(p.loginName)!);
}

/** Login and display names of each existing user among `ids`, by id (the operator console's lists). */
export async function accountNamesOf(
  db: Conn,
  ids: Iterable<number>,
): Promise<Map<number, { loginName: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.listShownNames(db, unique);
  return new Map(rows.map((r) => [r.id, { loginName: r.login_name, name: r.name }]));
}
