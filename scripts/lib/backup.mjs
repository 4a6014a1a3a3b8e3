// Backing up and restoring the portal's data (docs/decisions/0056-cluster.md): the database
// (SQLite through its online backup API, while the server runs; PostgreSQL through pg_dump) and
// the uploads, into one dated folder with a manifest that says what is inside and how much of it
// (users, balances, ledger sum, files), which a restore checks itself against.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

/** The schema a DATABASE_URL works in (`?options=-c search_path=x`), else public. */
export function schemaOf(databaseUrl) {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  return options.match(/search_path=([A-Za-z0-9_]+)/)?.[1] ?? 'public';
}

/** A connection URL without the `options` libpq's tools would not take. */
function plainUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  return url.toString();
}

/** PostgreSQL's client programs: on PATH, or Debian's newest under /usr/lib/postgresql. */
export function pgProgram(name) {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    for (const version of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
      const file = path.join(base, version, 'bin', name);
      if (fs.existsSync(file)) return file;
    }
  }
  return name;
}

/** Every file under `dir` (relative paths, sorted) with its size and SHA-256. */
function listFiles(dir) {
  const files = [];
  const walk = (folder) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const bytes = fs.readFileSync(full);
        files.push({
          path: path.relative(dir, full),
          size: bytes.length,
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        });
      }
    }
  };
  walk(dir);
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const SUMMARY_SQL = {
  users: 'select count(*) as n from users',
  balances: 'select coalesce(sum(coin_num), 0) as n from wallets',
  ledgerRows: 'select count(*) as n from coin_ledger',
  ledgerSum: 'select coalesce(sum(delta), 0) as n from coin_ledger',
  purchases: 'select count(*) as n from purchases',
};

/** What a backup must hold again after a restore: counts and sums that money and accounts rest on. */
export async function summarize({ databaseUrl, sqliteFile }) {
  const out = {};
  if (databaseUrl) {
    const pg = serverRequire('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const [key, query] of Object.entries(SUMMARY_SQL))
        out[key] = Number((await client.query(query)).rows[0].n);
    } finally {
      await client.end();
    }
  } else {
    const SQLite = serverRequire('better-sqlite3');
    const db = new SQLite(sqliteFile, { readonly: true });
    try {
      for (const [key, query] of Object.entries(SUMMARY_SQL)) out[key] = Number(db.prepare(query).get().n);
    } finally {
      db.close();
    }
  }
  return out;
}

const stamp = (date) =>
  date
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

/**
 * Writes `<backupDir>/<date>/`: `database.sqlite` or `database.dump` (pg_dump's custom format),
 * `uploads/` (a copy of DATA_DIR/uploads) and `manifest.json`. Answers the folder.
 */
export async function backup({ dataDir, databaseUrl, backupDir, now = new Date() }) {
  const folder = path.join(backupDir, stamp(now));
  fs.mkdirSync(folder, { recursive: true });
  const manifest = { createdAt: now.toISOString(), dialect: databaseUrl ? 'postgres' : 'sqlite' };
  if (databaseUrl) {
    const schema = schemaOf(databaseUrl);
    execFileSync(pgProgram('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--schema=${schema}`,
      `--file=${path.join(folder, 'database.dump')}`,
      plainUrl(databaseUrl),
    ]);
    manifest.schema = schema;
    manifest.summary = await summarize({ databaseUrl });
  } else {
    const SQLite = serverRequire('better-sqlite3');
    const source = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
    try {
      // The online backup API: a consistent copy while the server goes on writing.
      await source.backup(path.join(folder, 'database.sqlite'));
    } finally {
      source.close();
    }
    manifest.summary = await summarize({ sqliteFile: path.join(folder, 'database.sqlite') });
  }
  const uploads = path.join(dataDir, 'uploads');
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(folder, 'uploads'), { recursive: true });
  manifest.files = listFiles(path.join(folder, 'uploads'));
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return folder;
}

/** Tables already in the target: a restore writes only into an empty database. */
async function tablesIn({ databaseUrl, sqliteFile }) {
  if (databaseUrl) {
    const pg = serverRequire('pg');
    const client = new pg.Client({ connectionString: plainUrl(databaseUrl) });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select count(*)::int as n from information_schema.tables where table_schema = $1',
        [schemaOf(databaseUrl)],
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  }
  if (!fs.existsSync(sqliteFile)) return 0;
  const SQLite = serverRequire('better-sqlite3');
  const db = new SQLite(sqliteFile, { readonly: true });
  try {
    return db.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
  } finally {
    db.close();
  }
}

export class RestoreRefused extends Error {}

/**
 * Puts a backup folder back into an empty database and an empty uploads folder; refuses anything
 * else (it never overwrites). PostgreSQL: the backup's schema in the database DATABASE_URL names
 * (its search_path must be that schema, or unset for public). Checks the result against the
 * manifest and answers the summary.
 */
export async function restore({ folder, dataDir, databaseUrl }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  if ((manifest.dialect === 'postgres') !== Boolean(databaseUrl)) {
    throw new RestoreRefused(
      `this is a ${manifest.dialect} backup: ${manifest.dialect === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'}`,
    );
  }
  const sqliteFile = path.join(dataDir, 'portal.sqlite');
  if (databaseUrl && schemaOf(databaseUrl) !== manifest.schema) {
    throw new RestoreRefused(
      `the backup is of schema ${manifest.schema}; DATABASE_URL works in ${schemaOf(databaseUrl)}`,
    );
  }
  const tables = await tablesIn({ databaseUrl, sqliteFile });
  if (tables > 0) {
    throw new RestoreRefused(
      `the target database is not empty (${tables} tables): restore only into an empty one`,
    );
  }
  const uploads = path.join(dataDir, 'uploads');
  if (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) {
    throw new RestoreRefused(`${uploads} is not empty: restore only into an empty data folder`);
  }
  if (databaseUrl) {
    execFileSync(pgProgram('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${plainUrl(databaseUrl)}`,
      path.join(folder, 'database.dump'),
    ]);
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.copyFileSync(path.join(folder, 'database.sqlite'), sqliteFile);
  }
  if (fs.existsSync(path.join(folder, 'uploads')))
    fs.cpSync(path.join(folder, 'uploads'), uploads, { recursive: true });
  const summary = await summarize({ databaseUrl, sqliteFile });
  const files = listFiles(uploads);
  if (
    JSON.stringify(summary) !== JSON.stringify(manifest.summary) ||
    JSON.stringify(files) !== JSON.stringify(manifest.files)
  ) {
    throw new Error(
      `the restored data differs from the backup's manifest: ${JSON.stringify({ summary, expected: manifest.summary })}`,
    );
  }
  return { summary, files: files.length };
}
