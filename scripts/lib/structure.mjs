// Rules of the tree that Biome cannot state, because they are about where files sit or what a
// test replaces rather than about one import (docs/decisions/0052-shared-values-openapi-and-lint.md).
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP = new Set(['node_modules', 'dist', '.data', 'data', '.git']);

/** Every source file under `dir` (relative to `root`, with / separators). */
export function sourceFiles(root, dir) {
  const out = [];
  const walk = (rel) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (SOURCE.test(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out;
}

/** True when `file` lies under `<area>/<one folder>/` with more than `parts` path parts below that folder. */
function deeperThan(file, area, parts) {
  if (!file.startsWith(`${area}/`)) return false;
  return file.slice(area.length + 1).split('/').length - 1 > parts;
}

/**
 * The web's boundary rule reads import paths with one Biome override per depth, so a feature's
 * files sit at most three folders deep: features/<feature>/<a>/<b>/<file>.
 */
export const tooDeepInFeature = (file) => deeperThan(file, 'apps/web/src/features', 3);

/**
 * The server's boundary rule (biome.json) reads import paths with one override per depth too, for
 * a module's own files and one folder below them: a file deeper than modules/<module>/<a>/<file>
 * could reach another module's repository unseen.
 */
export const tooDeepInModule = (file) => deeperThan(file, 'apps/server/src/modules', 2);

/**
 * `vi.mock` (or `vi.doMock`) of the project's own code: a relative path or an @ld package.
 * Tests drive the real modules and fake only the network edge (DESIGN, "What done means").
 */
export function ownModuleMocks(text) {
  const found = [];
  const call = /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(\s*(['"`])([^'"`]+)\1/g;
  for (const m of text.matchAll(call)) {
    if (m[2].startsWith('.') || m[2].startsWith('/') || m[2].startsWith('@ld/')) {
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ line, target: m[2] });
    }
  }
  return found;
}

/**
 * What each app's code may never import, so neither bundle pulls in the other (issue 20 §1: the
 * console's bundle never touches the portal's): the console's toolkit stays out of the portal,
 * the portal's out of the console, and neither reaches into the other's folder.
 */
const FOREIGN = {
  web: {
    packages: /^(?:antd(?:\/|$)|@refinedev\/|@ant-design\/|recharts(?:\/|$)|@ld\/admin(?:\/|$))/,
    folder: 'apps/admin/',
  },
  admin: { packages: /^(?:antd-mobile(?:\/|$)|@ld\/web(?:\/|$))/, folder: 'apps/web/' },
};

/** Imports in `file` (relative to the root) that reach the other app's code or toolkit. */
export function crossAppImports(file, text) {
  const app = /^apps\/(web|admin)\//.exec(file)?.[1];
  if (!app) return [];
  const rule = FOREIGN[app];
  const found = [];
  const spec = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;
  for (const m of text.matchAll(spec)) {
    const target = m[2];
    const resolved = target.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
      : null;
    if (rule.packages.test(target) || resolved?.startsWith(rule.folder)) {
      found.push({ line: text.slice(0, m.index).split('\n').length, target });
    }
  }
  return found;
}

/** Every breach of these rules in the tree at `root`, one message each. */
export function structureProblems(root) {
  const problems = [];
  for (const file of sourceFiles(root, 'apps/web/src/features')) {
    if (tooDeepInFeature(file))
      problems.push(
        `${file}: more than three folders deep in a feature, where the boundary lint cannot see its imports; flatten it (docs/conventions.md, Web)`,
      );
  }
  for (const file of sourceFiles(root, 'apps/server/src/modules')) {
    if (tooDeepInModule(file))
      problems.push(
        `${file}: more than one folder deep in a server module, where the boundary lint cannot see its imports; flatten it (docs/decisions/0016-module-boundaries.md)`,
      );
  }
  for (const dir of ['apps', 'packages', 'e2e', 'bench', 'scripts']) {
    for (const file of sourceFiles(root, dir)) {
      // The rule's own code and its test spell out what it refuses.
      if (file === 'scripts/lib/structure.mjs' || file === 'scripts/test/lint-rules.test.mjs') continue;
      for (const { line, target } of ownModuleMocks(fs.readFileSync(path.join(root, file), 'utf8')))
        problems.push(
          `${file}:${line}: vi.mock('${target}') replaces the project's own module; drive the real code and fake only the network edge (fakeServer, a vendor on 127.0.0.1)`,
        );
    }
  }
  for (const dir of ['apps/web', 'apps/admin']) {
    for (const file of sourceFiles(root, dir)) {
      for (const { line, target } of crossAppImports(file, fs.readFileSync(path.join(root, file), 'utf8')))
        problems.push(
          `${file}:${line}: imports '${target}', the other app's code or toolkit; the portal and the console are built apart (docs/decisions/0048-operator-console.md)`,
        );
    }
  }
  return problems;
}
