import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../lib/structure.mjs';

// Values both sides share live once, in the contract's zod-free modules (docs/decisions/0052):
// this fails when one of them is written out again in the web, the server, the bench or the e2e
// helpers instead of imported. It looks for the value itself: a list of three or more items in
// the same order, a table of two or more entries that all reappear in one file, and the portal's appID.
const root = path.resolve(import.meta.dirname, '../..');
const contractDir = path.join(root, 'packages/contract/src');

const zodFree = fs
  .readdirSync(contractDir)
  .filter(
    (name) =>
      name.endsWith('.ts') && !/from 'zod'/.test(fs.readFileSync(path.join(contractDir, name), 'utf8')),
  );

const scanned = ['apps/web/src', 'apps/server/src', 'bench/src', 'e2e/src']
  .flatMap((dir) => sourceFiles(root, dir))
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .map((file) => ({
    file,
    // Comments may name a value ("the portal's own, 2008"); only code counts.
    code: fs
      .readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1'),
  }));

const escapeRe = (s) => String(s).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const literal = (v) => (typeof v === 'number' ? `${escapeRe(v)}(?![\\w.])` : `['"\`]${escapeRe(v)}['"\`]`);
const isPrimitive = (v) => typeof v === 'string' || typeof v === 'number';

/** Where each zod-free export's value is written out again. */
async function copies() {
  const found = [];
  for (const module of zodFree) {
    const exports = await import(path.join(contractDir, module));
    for (const [name, value] of Object.entries(exports)) {
      let matches = null;
      if (Array.isArray(value) && value.length >= 3 && value.every(isPrimitive)) {
        const list = new RegExp(value.map(literal).join('\\s*,\\s*'));
        matches = (code) => list.test(code);
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        const entries = Object.entries(value).filter(([, v]) => isPrimitive(v));
        if (entries.length < 2) continue;
        const pairs = entries.map(([k, v]) => new RegExp(`['"]?${escapeRe(k)}['"]?\\s*:\\s*${literal(v)}`));
        matches = (code) => pairs.every((pair) => pair.test(code));
      } else if (name === 'PORTAL_APP_ID') {
        const appId = new RegExp(`(?<![\\w.])['"]?${value}['"]?(?![\\w.])`);
        matches = (code) => appId.test(code);
      }
      if (!matches) continue;
      for (const { file, code } of scanned)
        if (matches(code)) found.push(`${file} repeats ${module} ${name}`);
    }
  }
  return found;
}

describe('values shared by the web and the server', () => {
  it('are written once, in the contract, and imported everywhere else', async () => {
    expect(zodFree).toEqual(expect.arrayContaining(['image-sizes.ts', 'request-key.ts', 'defaults.ts']));
    expect(await copies()).toEqual([]);
  });
});
