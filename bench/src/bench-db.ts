import fs from 'node:fs';
import path from 'node:path';
import { migrateToLatest } from '@ld/server/src/db/migrate.ts';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { schemaDifferences } from './schema-check.ts';

/**
 * A benchmark database in bench/.data/<name>-<scale>/portal.sqlite (a DATA_DIR the portal can start
 * on with SEED=0): made once by `fill` on the migrated schema, then reused while its completion
 * marker names the same generator and scale and its schema equals the migrations'. The indexes of
 * `bulkTables` are dropped during the fill and built once afterwards over the whole data, several
 * times faster than growing them row by row.
 */
const DATA = path.resolve(import.meta.dirname, '../.data');
const CHUNK = 100_000;

export interface BenchDb<Meta> {
  dataDir: string;
  file: string;
  scale: number;
  /** What the fill reported (sizes, ids the scenarios need). */
  meta: Meta;
  /** Milliseconds the generation took in this run; null when an existing database was reused. */
  generatedMs: number | null;
}

interface Marker<Meta> {
  generator: string;
  scale: number;
  meta: Meta;
  generatedMs: number;
}

async function reusable<Meta>(
  dataDir: string,
  file: string,
  generator: string,
  scale: number,
): Promise<Marker<Meta> | null> {
  const markerFile = path.join(dataDir, 'complete.json');
  if (!fs.existsSync(markerFile) || !fs.existsSync(file)) return null;
  const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Marker<Meta>;
  if (marker.generator !== generator || marker.scale !== scale || marker.meta === undefined) return null;
  const differences = await schemaDifferences(file);
  if (differences.length > 0) {
    console.info(
      `${generator} database schema differs from the migrations, regenerating:\n  ${differences.join('\n  ')}`,
    );
    return null;
  }
  return marker;
}

export async function ensureBenchDb<Meta>(options: {
  name: string;
  /** Changes whenever the fill does, so an older database is remade. */
  generator: string;
  scale: number;
  bulkTables: string[];
  fill(sqlite: SQLite.Database, step: (what: string) => void): Meta;
}): Promise<BenchDb<Meta>> {
  const { name, generator, scale } = options;
  const dataDir = path.join(DATA, `${name}-${scale}`);
  const file = path.join(dataDir, 'portal.sqlite');
  const existing = await reusable<Meta>(dataDir, file, generator, scale);
  if (existing) return { dataDir, file, scale, meta: existing.meta, generatedMs: null };

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const step = stepTimer();
  const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await migrateToLatest(kysely);
  await kysely.destroy();
  step('migrations');

  const sqlite = new SQLite(file);
  // No journal while filling a file nobody else reads: a crash leaves no marker, so it is remade.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('threads = 2');
  sqlite.pragma('foreign_keys = OFF');
  const indexes = dropIndexes(sqlite, options.bulkTables);
  const meta = options.fill(sqlite, step);
  for (const sql of indexes) sqlite.exec(sql);
  step(`${indexes.length} indexes`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();

  const differences = await schemaDifferences(file);
  if (differences.length > 0) throw new Error(`generated schema differs:\n${differences.join('\n')}`);
  const generatedMs = Math.round(performance.now() - started);
  const marker: Marker<Meta> = { generator, scale, meta, generatedMs };
  fs.writeFileSync(path.join(dataDir, 'complete.json'), `${JSON.stringify(marker, null, 2)}\n`);
  return { dataDir, file, scale, meta, generatedMs };
}

/** Prints how long each step of a generation took. */
function stepTimer() {
  let last = performance.now();
  return (what: string) => {
    const now = performance.now();
    console.info(`  generated ${what} in ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

/** Drops the tables' explicit indexes and answers their exact SQL, to run again after the fill. */
function dropIndexes(sqlite: SQLite.Database, tables: string[]): string[] {
  if (tables.length === 0) return [];
  const rows = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')}) order by name`,
    )
    .all(...tables) as Array<{ name: string; sql: string }>;
  for (const row of rows) sqlite.exec(`drop index "${row.name}"`);
  return rows.map((r) => r.sql);
}

/** Calls `write` for 0…count-1, a transaction per 100 000 rows. */
export function inChunks(sqlite: SQLite.Database, count: number, write: (i: number) => void) {
  const chunk = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) write(i);
  });
  for (let from = 0; from < count; from += CHUNK) chunk(from, Math.min(count, from + CHUNK));
}

/** Logs whether a database was generated in this run or reused. */
export function describeBenchDb(db: BenchDb<unknown>, root: string): void {
  console.info(
    db.generatedMs === null
      ? `  reused ${path.relative(root, db.file)}`
      : `  generated ${path.relative(root, db.file)} in ${(db.generatedMs / 1000).toFixed(1)} s (not part of the figures)`,
  );
}
