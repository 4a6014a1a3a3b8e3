import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate.ts';
import { pgAdmin } from './helpers/pg-admin.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// Readiness and start-up ask which migrations have run (src/db/pg-introspector.ts). Other
// processes make and drop tables in the same database meanwhile: other tests' schemas here, a
// migration next door in a cluster. The answer is this schema's alone, and never an error.
describe.runIf(databaseUrl)('which tables and migrations a schema has on PostgreSQL', () => {
  const mine = `intro_${randomBytes(5).toString('hex')}`;
  const next = `intro_${randomBytes(5).toString('hex')}`;
  let db: Db;

  beforeAll(async () => {
    await pgAdmin(`create schema ${mine}`);
    await pgAdmin(`create schema ${next}`);
    db = createDb({ databaseUrl, pgSchema: mine, poolSize: 2 });
    await migrateToLatest(db.kysely, mine);
  });
  afterAll(async () => {
    await db.close();
    await pgAdmin(`drop schema if exists ${mine} cascade`);
    await pgAdmin(`drop schema if exists ${next} cascade`);
  });

  it('lists the tables of its own schema only, with what their columns are', async () => {
    await pgAdmin(`create table ${next}.elsewhere (id serial primary key)`);
    await sql`create table gadgets (id serial primary key, code bigint generated always as identity, name text, made timestamptz not null default now())`.execute(
      db.kysely,
    );
    await sql`comment on column gadgets.name is '名称'`.execute(db.kysely);
    try {
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((t) => t.schema)).toEqual(tables.map(() => mine));
      expect(tables.map((t) => t.name)).not.toContain('elsewhere');
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      expect(tables.find((t) => t.name === 'gadgets')).toEqual({
        name: 'gadgets',
        isView: false,
        schema: mine,
        columns: [
          {
            name: 'id',
            dataType: 'int4',
            dataTypeSchema: 'pg_catalog',
            isNullable: false,
            isAutoIncrementing: true,
            hasDefaultValue: true,
            comment: undefined,
          },
          {
            name: 'code',
            dataType: 'int8',
            dataTypeSchema: 'pg_catalog',
            isNullable: false,
            isAutoIncrementing: true,
            hasDefaultValue: false,
            comment: undefined,
          },
          {
            name: 'name',
            dataType: 'text',
            dataTypeSchema: 'pg_catalog',
            isNullable: true,
            isAutoIncrementing: false,
            hasDefaultValue: false,
            comment: '名称',
          },
          {
            name: 'made',
            dataType: 'timestamptz',
            dataTypeSchema: 'pg_catalog',
            isNullable: false,
            isAutoIncrementing: false,
            hasDefaultValue: true,
            comment: undefined,
          },
        ],
      });
      const withKysely = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(withKysely.map((t) => t.name)).toContain('kysely_migration');
    } finally {
      await sql`drop table gadgets`.execute(db.kysely);
    }
  });

  it('finds no migration pending while tables come and go in another schema', async () => {
    // Another connection makes and drops tables with counting columns as fast as it can.
    const churn = new pg.Client({ connectionString: databaseUrl });
    await churn.connect();
    let running = true;
    let rounds = 0;
    const churning = (async () => {
      while (running) {
        await churn.query(`create table ${next}.t${rounds % 4} (id serial primary key, a int, b int, c int)`);
        await churn.query(`drop table ${next}.t${rounds % 4}`);
        rounds += 1;
      }
    })();
    try {
      const answers: string[][] = [];
      const until = Date.now() + 3000;
      while (Date.now() < until) answers.push(await pendingMigrations(db.kysely, mine));
      expect(rounds).toBeGreaterThan(10);
      expect(answers.every((pending) => pending.length === 0)).toBe(true);
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
  });
});
