import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import * as games from '../src/modules/games/repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The game list pages in `sort desc, id` order, by type or not: an index in that order serves
 * the page directly, where a mismatched one leaves SQLite sorting every game for each page.
 */
describe('game list query plans on sqlite', () => {
  let t: TestApp;
  let sqlite: SQLite.Database;
  let db: Kysely<Database>;
  let captured: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    sqlite = new SQLite(path.join(t.deps.config.dataDir, 'test.sqlite'));
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
  });

  async function planOf(run: () => Promise<unknown>): Promise<string> {
    captured = [];
    await run();
    const query = captured[0];
    const rows = sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as Array<{ detail: string }>;
    return rows.map((r) => r.detail).join('\n');
  }

  it.each([
    ['every game', {}, 'games_list'],
    ['one type', { typeId: 1 }, 'games_type_list (type_id=?)'],
  ] as const)('the list of %s reads its index in order, without sorting', async (_name, filter, index) => {
    const plan = await planOf(() => games.listGames(db, filter, 20, 10));
    expect(plan).toContain(`USING INDEX ${index}`);
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
