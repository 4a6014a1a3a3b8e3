import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';
import { SERVER_DIR } from './server-entry-plugin.ts';

const brotli = promisify(zlib.brotliCompress);

/** Files worth compressing: text, and at least this large (below it the headers cost more). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (Brotli, quality 11) and a `.gz` (gzip by Zopfli, which any gzip reader inflates,
 * about 3% smaller than zlib's level 9) beside every compressible file of the build, once, at
 * build time. The server sends them as they are (@fastify/static's `preCompressed`) instead of
 * compressing each response on the fly at the fast levels per-request compression has to use
 * (docs/decisions/0035-precompressed-assets.md).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ld-precompress',
    apply: 'build',
    // The browser's build only (not the server's render module).
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const serverDir = path.join(outDir, SERVER_DIR) + path.sep;
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .map((f) => path.join(outDir, f))
        // Not the server's render module (server-entry-plugin.ts): it is never sent to a browser.
        .filter((f) => !f.startsWith(serverDir) && COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const body = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { numiterations: 5 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}
