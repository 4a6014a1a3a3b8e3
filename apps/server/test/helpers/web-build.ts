import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

// The served page on the real SPA build, for the tests of what a phone gets before any script has
// run: the first frame (docs/decisions/0029-first-frame.md) and the server render (0044).

/** What the page paints inside `<div id="root">` (to `</body>`). */
export const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

/** GET `url` as a browser opening an address. */
export const requestPage = (t: TestApp, url: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

export interface WebBuild {
  /** The build's folder (the app's WEB_DIST). */
  readonly dist: string;
  /** The app serving it, on SQLite; set once the describe's `beforeAll` ran. */
  readonly t: TestApp;
  /** The page at `url`, answered 200. */
  open(url: string): Promise<string>;
}

/**
 * For the enclosing describe: `vite build` of apps/web into a fresh temporary folder and a test app
 * serving it, both gone after the describe. `serverRender: false` removes the build's server render
 * module, so every page gets its static frame. `seed` fills the database before the first test.
 */
export function useWebBuild(opts: {
  prefix: string;
  serverRender?: boolean;
  seed?: (t: TestApp) => Promise<void>;
}): WebBuild {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), opts.prefix));
  let app: TestApp | undefined;
  const site: WebBuild = {
    dist,
    get t() {
      if (!app) throw new Error('the web build is not served yet (outside a test of its describe?)');
      return app;
    },
    async open(url) {
      const res = await requestPage(site.t, url);
      expect(res.statusCode).toBe(200);
      return res.body;
    },
  };
  beforeAll(async () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--logLevel', 'error'], {
      cwd: web,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    if (opts.serverRender === false) fs.rmSync(path.join(dist, 'server'), { recursive: true, force: true });
    app = await createTestApp('sqlite', { WEB_DIST: dist });
    await opts.seed?.(app);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  return site;
}
