import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint rule (biome.json, docs/decisions/0017-boundary-lint.md) keeps modules from importing
// each other's internals; this test keeps their SQL on their own tables, which no import shows.

const MODULES = path.join(import.meta.dirname, '../src/modules');

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Table names a module declares in its `tables.ts` (`name: SomethingTable;` lines). */
function tablesOf(module: string): string[] {
  const file = path.join(MODULES, module, 'tables.ts');
  if (!fs.existsSync(file)) return [];
  return [...fs.readFileSync(file, 'utf8').matchAll(/^ {2}([a-z_]+): [A-Za-z]+Table;$/gm)].map((m) => m[1]);
}

/** Where `source` names `table` as a table: in a query builder call or in raw SQL. */
function usesTable(source: string, table: string): boolean {
  const builder = new RegExp(
    String.raw`\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|(inner|left|right|full)Join(Lateral)?)\(\s*['"\x60]${table}( as [a-z_]+)?['"\x60]`,
  );
  // Raw SQL: `from users`, `join games g` — not `from games/public.ts` in a comment.
  const raw = new RegExp(String.raw`\b(from|join|into|update)\s+${table}\b(?![/.\w-])`, 'i');
  return builder.test(source) || raw.test(source.replace(/^\s*(\/\/|\*).*$/gm, ''));
}

const modules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const owner = new Map(modules.flatMap((m) => tablesOf(m).map((t) => [t, m] as const)));

describe('server module boundaries', () => {
  it('finds the tables of the modules', () => {
    expect(owner.get('users')).toBe('accounts');
    expect(owner.get('wallets')).toBe('wallet');
    expect(owner.get('purchases')).toBe('purchases');
    expect(owner.get('memberships')).toBe('vip');
    expect(owner.size).toBeGreaterThanOrEqual(25);
  });

  it('recognises a foreign table in a builder call and in raw SQL, and not in a comment', () => {
    expect(usesTable(`db.selectFrom('users as u')`, 'users')).toBe(true);
    expect(usesTable(`.innerJoin('games as g', 'g.id', 'p.game_id')`, 'games')).toBe(true);
    expect(usesTable('sql`select count(*) from gift_codes c where`', 'gift_codes')).toBe(true);
    expect(usesTable(`// the game's card comes from games/public.ts`, 'games')).toBe(false);
    expect(usesTable(`db.selectFrom('users_archive')`, 'users')).toBe(false);
  });

  it.each(modules)('module %s queries only its own tables', (module) => {
    const strays: string[] = [];
    for (const file of filesOf(path.join(MODULES, module))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const [table, tableOwner] of owner) {
        if (tableOwner !== module && usesTable(source, table)) {
          strays.push(`${path.relative(MODULES, file)} uses ${table} (owned by ${tableOwner})`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
