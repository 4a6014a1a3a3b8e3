import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MAIN } from '../../scripts/lib/server-build.mjs';
import { type RunningPortal, startPortal } from '../src/server.ts';

// The compiled server's launcher (apps/server/src/launcher.mjs; docs/decisions/0056-cluster.md,
// "Start-up with V8's code cache"): the first start of a build leaves V8's code cache in the data
// directory, the next starts run from it, and a cache V8 refuses is made again. No browser here:
// what a start serves is what is checked.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-compiled-start-'));
const cacheDir = path.join(dataDir, 'compile-cache');

function cacheFiles(): string[] {
  return fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : [];
}

/** The launcher writes the cache this long after a start (src/launcher.mjs), or at exit. */
const WRITE_CACHE_AFTER_MS = 5_000;

/**
 * A start on the shared data directory, checked to serve what runs at run time through import(),
 * then kept until the launcher has written its cache, if it was to write one.
 */
async function startAndServe(): Promise<void> {
  const started = Date.now();
  const portal: RunningPortal = await startPortal({ DATA_DIR: dataDir });
  try {
    // The page renderer (an ES module the bundle imports at run time): the page comes rendered.
    const page = await fetch(`${portal.baseUrl}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="ld-page-state"');
    // sharp (a package the bundle imports on first use): a cover re-encoded at a width.
    const covers = path.join(dataDir, 'uploads', 'games');
    const cover = fs
      .readdirSync(covers, { recursive: true, encoding: 'utf8' })
      .find((name) => name.endsWith('.webp'));
    expect(cover).toBeDefined();
    const image = await fetch(`${portal.baseUrl}/uploads/games/${cover}?w=96`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // The API document's plugins, bundled: swagger-ui's page and the assets it finds in its
    // package, and the document as YAML (the `yaml` package loaded at that first call).
    const docs = await fetch(`${portal.baseUrl}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-bundle.js');
    for (const asset of ['swagger-ui-bundle.js', 'logo.svg']) {
      const file = await fetch(`${portal.baseUrl}/api/docs/static/${asset}`);
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(1000);
    }
    const yaml = await fetch(`${portal.baseUrl}/api/docs/yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toMatch(/^openapi: 3\.0\.3\n[\s\S]*\/api\/health:/);
    expect(portal.troubleLines()).toEqual([]);
    await new Promise((r) => setTimeout(r, Math.max(0, started + WRITE_CACHE_AFTER_MS + 1_000 - Date.now())));
  } finally {
    await portal.stop();
  }
}

describe('the compiled server starts from V8 code cache', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('leaves a cache at its first start, in the data directory', async () => {
    expect(cacheFiles()).toEqual([]);
    await startAndServe();
    const files = cacheFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^server-\d+-\d+-\d+\.bin$/);
    expect(fs.statSync(path.join(cacheDir, files[0] as string)).size).toBeGreaterThan(100_000);
  });

  it('runs from it at the next start, and leaves it as it was', async () => {
    const [file] = cacheFiles();
    const before = fs.readFileSync(path.join(cacheDir, file as string));
    const mtime = fs.statSync(path.join(cacheDir, file as string)).mtimeMs;
    await startAndServe();
    expect(cacheFiles()).toEqual([file]);
    expect(fs.statSync(path.join(cacheDir, file as string)).mtimeMs).toBe(mtime);
    expect(fs.readFileSync(path.join(cacheDir, file as string)).equals(before)).toBe(true);
  });

  it('starts without a cache V8 refuses, and writes a good one over it', async () => {
    const [file] = cacheFiles();
    const spoilt = Buffer.alloc(4096, 7);
    fs.writeFileSync(path.join(cacheDir, file as string), spoilt);
    await startAndServe();
    expect(cacheFiles()).toEqual([file]);
    const rewritten = fs.readFileSync(path.join(cacheDir, file as string));
    expect(rewritten.length).toBeGreaterThan(100_000);
    // An unwritable cache directory changes nothing but the speed.
    fs.rmSync(cacheDir, { recursive: true });
    fs.writeFileSync(cacheDir, 'not a directory');
    await startAndServe();
    fs.rmSync(cacheDir);
  });

  it('runs a bundle written in ASCII, read as a one-byte string', () => {
    // Started above, so built; a non-ASCII character left in it would mean a UTF-8 read.
    const bundle = fs.readFileSync(path.join(path.dirname(SERVER_MAIN), 'server.cjs'));
    expect(isAscii(bundle)).toBe(true);
  });
});
