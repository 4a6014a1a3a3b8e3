import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appBuildIsStale } from '../lib/app-build.mjs';

/** An app folder with index.html, src/main.tsx, a contract source and (optionally) a build. */
function makeApp({ built }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-app-build-'));
  const app = path.join(root, 'app');
  const contract = path.join(root, 'contract/src');
  fs.mkdirSync(path.join(app, 'src/deep'), { recursive: true });
  fs.mkdirSync(contract, { recursive: true });
  fs.writeFileSync(path.join(app, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(app, 'src/deep/main.tsx'), 'export {}');
  fs.writeFileSync(path.join(contract, 'values.ts'), 'export {}');
  const past = new Date(Date.now() - 60_000);
  for (const file of [
    path.join(app, 'index.html'),
    path.join(app, 'src/deep/main.tsx'),
    path.join(contract, 'values.ts'),
  ])
    fs.utimesSync(file, past, past);
  if (built) {
    fs.mkdirSync(path.join(app, 'dist'));
    fs.writeFileSync(path.join(app, 'dist/index.html'), 'built');
  }
  const touch = (file) => {
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(file, future, future);
  };
  return { app, contract, touch };
}

describe('npm start builds an app only when it must', () => {
  it('builds an app that has no build', () => {
    const { app, contract } = makeApp({ built: false });
    expect(appBuildIsStale(app, ['src'], contract)).toBe(true);
  });

  it('keeps a build newer than every source', () => {
    const { app, contract } = makeApp({ built: true });
    expect(appBuildIsStale(app, ['src', 'public'], contract)).toBe(false);
  });

  it('builds again after a source deep in src, index.html or the contract changed', () => {
    for (const changed of ['src/deep/main.tsx', 'index.html', 'contract']) {
      const { app, contract, touch } = makeApp({ built: true });
      touch(changed === 'contract' ? path.join(contract, 'values.ts') : path.join(app, changed));
      expect(appBuildIsStale(app, ['src'], contract), changed).toBe(true);
    }
  });

  it('builds again after a build stopped half-way: an output missing, or one left from before', () => {
    const outputs = ['dist/index.html', 'dist/server/entry-server.js'];
    const { app, contract, touch } = makeApp({ built: true });
    // The browser's files written, the server's render module not yet.
    expect(appBuildIsStale(app, ['src'], contract, outputs)).toBe(true);
    fs.mkdirSync(path.join(app, 'dist/server'));
    fs.writeFileSync(path.join(app, 'dist/server/entry-server.js'), 'built');
    expect(appBuildIsStale(app, ['src'], contract, outputs)).toBe(false);
    // A source changed, then a build stopped after the browser's files: the render module is older
    // than the source.
    touch(path.join(app, 'src/deep/main.tsx'));
    const later = new Date(Date.now() + 120_000);
    fs.utimesSync(path.join(app, 'dist/index.html'), later, later);
    expect(appBuildIsStale(app, ['src'], contract, outputs)).toBe(true);
  });
});
