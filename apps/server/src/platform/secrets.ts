import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * A secret generated on first use and kept in the database, so no secret lives in the
 * repository and every process of one deployment signs with the same key.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  const found = await db.kysely
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.value;
  await db.kysely
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
