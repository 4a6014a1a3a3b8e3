import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled.ts';
import type { Conn } from '../src/db/database.ts';

interface Tables {
  items: { id: number; owner: number; score: number };
}

// Statements compiled once per shape (db/compiled.ts): later calls bind their own arguments to the
// kept SQL and get what a freshly built query would; a build that puts an argument anywhere but
// the parameters is refused at its first call.
describe('compiledOnce', () => {
  let db: Kysely<Tables>;
  const conn = () => db as unknown as Conn;

  beforeAll(async () => {
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('owner', 'integer', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .execute();
    await db
      .insertInto('items')
      .values(Array.from({ length: 30 }, (_, i) => ({ id: i + 1, owner: i % 3, score: (i * 7) % 11 })))
      .execute();
  });
  afterAll(() => db?.destroy());

  const fresh = (owner: number, above: number, limit: number) =>
    db
      .selectFrom('items')
      .selectAll()
      .where('owner', '=', owner)
      .where('score', '>', above)
      .orderBy('id')
      .limit(limit)
      .execute();

  it('binds each call’s arguments to the SQL compiled at the first, with the rows a fresh query gets', async () => {
    const run = compiledOnce<Tables['items']>();
    let builds = 0;
    const query = (owner: number, above: number, limit: number) =>
      run(conn(), 'items', [owner, above, limit], ([o, a, l]) => {
        builds += 1;
        // The owner twice: one argument may stand for several parameters.
        return db
          .selectFrom('items')
          .selectAll()
          .where('owner', '=', o as number)
          .where('score', '>', a as number)
          .where(sql<boolean>`${o} >= 0`)
          .orderBy('id')
          .limit(l as number);
      });
    for (const [owner, above, limit] of [
      [0, 3, 4],
      [1, 0, 10],
      [2, 8, 2],
      [0, 100, 5],
    ] as const) {
      expect(await query(owner, above, limit)).toEqual(await fresh(owner, above, limit));
    }
    expect(builds).toBe(1);
  });

  it('keeps one statement per key, so shapes that differ do not meet', async () => {
    const run = compiledOnce<{ id: number }>();
    const ids = (list: number[]) =>
      run(conn(), `in:${list.length}`, list, (placeholders) =>
        db
          .selectFrom('items')
          .select('id')
          .where('id', 'in', placeholders as number[])
          .orderBy('id'),
      );
    expect(await ids([3, 1])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(await ids([5, 4, 30])).toEqual([{ id: 4 }, { id: 5 }, { id: 30 }]);
    expect(await ids([2, 9])).toEqual([{ id: 2 }, { id: 9 }]);
  });

  it('refuses a build that leaves an argument out of the parameters or adds a value of its own', async () => {
    const run = compiledOnce<Tables['items']>();
    await expect(
      run(conn(), 'unused', [1, 2], ([owner]) =>
        db
          .selectFrom('items')
          .selectAll()
          .where('owner', '=', owner as number),
      ),
    ).rejects.toThrow(/not a parameter/);
    await expect(
      run(conn(), 'own value', [1], ([owner]) =>
        db
          .selectFrom('items')
          .selectAll()
          .where('owner', '=', owner as number)
          .where('score', '>', 3),
      ),
    ).rejects.toThrow(/not one of the arguments/);
    await expect(
      run(conn(), 'literal', [1], ([owner]) =>
        db
          .selectFrom('items')
          .selectAll()
          .where(sql<boolean>`owner = ${sql.lit(String(owner))}`),
      ),
    ).rejects.toThrow(/compiledOnce\(sqlite:literal\)/);
  });
});
