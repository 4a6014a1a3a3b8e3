import type { Conn } from '../../db/database.ts';

export const listConfigRows = (db: Conn) =>
  db.selectFrom('client_config').select(['key', 'value']).orderBy('key').execute();

export const findConfigValue = async (db: Conn, key: string) =>
  (await db.selectFrom('client_config').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** Writes each key, replacing its value when it exists. */
export async function upsertConfigRows(db: Conn, rows: Array<{ key: string; value: string }>): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('client_config')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value }))
      .execute();
  }
}
