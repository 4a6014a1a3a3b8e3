import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crossAppImports,
  ownModuleMocks,
  structureProblems,
  tooDeepInFeature,
  tooDeepInModule,
} from '../lib/structure.mjs';

// Each rule of docs/decisions/0017 and 0052 proved on a file that breaks it: the repository's own
// biome.json, in a temporary tree, with a probe file at the path the rule guards.
const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let tree;

const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  fs.writeFileSync(path.join(tree, file), text);
};
/** Biome's lint of the given files of the temporary tree: exit status and what it printed. */
const lint = (...files) => {
  const result = spawnSync(biome, ['lint', '--max-diagnostics=50', ...files], {
    cwd: tree,
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
};

beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-lint-probe-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(tree, 'biome.json'), JSON.stringify(config));
  write('apps/server/src/modules/games/public.ts', 'export const games = 1;\n');
  write('apps/server/src/modules/games/repository.ts', 'export const rows = 1;\n');
  write('apps/server/src/platform/errors.ts', 'export const oops = 1;\n');
});
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

describe('the boundary lint (biome.json)', () => {
  it("refuses a module reaching another's internals by any spelling, and lets it use public.ts", () => {
    write(
      'apps/server/src/modules/gifts/fine.ts',
      "import { games } from '../games/public.ts';\nimport { oops } from '../../platform/errors.ts';\n" +
        "import { games as g } from '../../modules/games/public.ts';\nexport const x = [games, oops, g];\n",
    );
    expect(lint('apps/server/src/modules/gifts/fine.ts')).toMatchObject({ ok: true });
    for (const source of ['../games/repository.ts', '../../modules/games/repository.ts']) {
      write(
        'apps/server/src/modules/gifts/probe.ts',
        `import { rows } from '${source}';\nexport const x = rows;\n`,
      );
      const { ok, output } = lint('apps/server/src/modules/gifts/probe.ts');
      expect(ok, source).toBe(false);
      expect(output).toContain('Server modules meet only through each other');
    }
    write(
      'apps/server/src/modules/gifts/deep/probe.ts',
      "import { rows } from '../../../modules/games/repository.ts';\nexport const x = rows;\n",
    );
    expect(lint('apps/server/src/modules/gifts/deep/probe.ts').ok).toBe(false);
  });

  it('refuses a server file importing the web app', () => {
    for (const [file, source] of [
      ['apps/server/src/platform/probe.ts', '../../../web/src/shared/lib/local.ts'],
      ['apps/server/src/modules/gifts/web-probe.ts', '../../../../web/src/main.tsx'],
      ['apps/server/test/probe.ts', '@ld/web/src/main'],
    ]) {
      write(file, `import { local } from '${source}';\nexport const x = local;\n`);
      const { ok, output } = lint(file);
      expect(ok, file).toBe(false);
      expect(output).toContain('The server never imports the web app');
    }
  });

  it('refuses an import cycle', () => {
    write(
      'apps/web/src/shared/lib/ping.ts',
      "import { pong } from './pong';\nexport const ping = () => pong;\n",
    );
    write(
      'apps/web/src/shared/lib/pong.ts',
      "import { ping } from './ping';\nexport const pong = () => ping;\n",
    );
    const { ok, output } = lint('apps/web/src/shared/lib/ping.ts', 'apps/web/src/shared/lib/pong.ts');
    expect(ok).toBe(false);
    expect(output).toContain('noImportCycles');
  });
});

describe('the structure check (scripts/check-structure.mjs)', () => {
  it('refuses a file more than three folders deep in a web feature', () => {
    expect(tooDeepInFeature('apps/web/src/features/novels/reader/parts/x.ts')).toBe(false);
    expect(tooDeepInFeature('apps/web/src/features/novels/reader/parts/more/x.ts')).toBe(true);
    expect(tooDeepInFeature('apps/web/src/shared/a/b/c/d.ts')).toBe(false);
  });

  it('refuses a file more than one folder deep in a server module', () => {
    expect(tooDeepInModule('apps/server/src/modules/games/service.ts')).toBe(false);
    expect(tooDeepInModule('apps/server/src/modules/games/parts/x.ts')).toBe(false);
    expect(tooDeepInModule('apps/server/src/modules/games/parts/more/x.ts')).toBe(true);
    expect(tooDeepInModule('apps/server/src/platform/a/b/c.ts')).toBe(false);
  });

  it('refuses vi.mock of our own modules, and leaves other fakes alone', () => {
    const text = [
      "vi.mock('../api/get-episode', () => ({}));",
      'vi.doMock("@ld/contract/codes");',
      "vi.mock('antd-mobile');",
      "vi.spyOn(window, 'scrollTo');",
    ].join('\n');
    expect(ownModuleMocks(text)).toEqual([
      { line: 1, target: '../api/get-episode' },
      { line: 2, target: '@ld/contract/codes' },
    ]);
  });

  it('keeps the portal and the console apart: neither imports the other or its toolkit', () => {
    const web = [
      "import { Button } from 'antd';",
      "import { useTable } from '@refinedev/antd';",
      "const charts = await import('recharts');",
      "import { Popup } from 'antd-mobile/es/components/popup';",
      "import { roles } from '../../../../admin/src/roles';",
      "import '@ant-design/v5-patch-for-react-19';",
    ].join('\n');
    expect(crossAppImports('apps/web/src/features/x/page.tsx', web)).toEqual([
      { line: 1, target: 'antd' },
      { line: 2, target: '@refinedev/antd' },
      { line: 3, target: 'recharts' },
      { line: 5, target: '../../../../admin/src/roles' },
      { line: 6, target: '@ant-design/v5-patch-for-react-19' },
    ]);
    const admin = [
      "import { Table } from 'antd';",
      "import { Popup } from 'antd-mobile';",
      "import { http } from '../../web/src/shared/http/client';",
      "import { ErrorCode } from '@ld/contract/codes';",
    ].join('\n');
    expect(crossAppImports('apps/admin/src/app.tsx', admin)).toEqual([
      { line: 2, target: 'antd-mobile' },
      { line: 3, target: '../../web/src/shared/http/client' },
    ]);
    expect(crossAppImports('apps/server/src/app.ts', "import 'antd';")).toEqual([]);
  });

  it('names each breach in a tree, and finds none in this repository', () => {
    write('apps/web/src/features/novels/a/b/c/deep.ts', 'export const deep = 1;\n');
    write('apps/web/src/features/novels/api/x.test.ts', "vi.mock('./get-novel');\n");
    // Escapes the boundary rule's per-depth patterns: the structure check refuses where it sits.
    write(
      'apps/server/src/modules/gifts/a/b/probe.ts',
      "import { rows } from '../../../../modules/games/repository.ts';\nexport const x = rows;\n",
    );
    expect(structureProblems(tree)).toEqual([
      expect.stringMatching(
        /^apps\/web\/src\/features\/novels\/a\/b\/c\/deep\.ts: more than three folders deep/,
      ),
      expect.stringMatching(/^apps\/server\/src\/modules\/gifts\/a\/b\/probe\.ts: more than one folder deep/),
      expect.stringMatching(
        /^apps\/web\/src\/features\/novels\/api\/x\.test\.ts:1: vi\.mock\('\.\/get-novel'\)/,
      ),
    ]);
    expect(structureProblems(root)).toEqual([]);
  });
});
