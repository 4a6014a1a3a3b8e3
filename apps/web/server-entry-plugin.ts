import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the server's render module goes, inside the web build (never served to browsers). */
export const SERVER_DIR = 'server';

/**
 * Points Vite's `ssr` environment at src/entry-server.tsx, built into `<outDir>/server/` (so
 * `--outDir` moves both builds together): apps/server/src/platform/page-render.ts loads it.
 */
export function serverEntryPlugin(): Plugin {
  return {
    name: 'ld-server-entry',
    config(config) {
      const outDir = config.build?.outDir ?? 'dist';
      return {
        environments: {
          ssr: {
            build: {
              ssr: 'src/entry-server.tsx',
              outDir: path.join(outDir, SERVER_DIR),
              copyPublicDir: false,
              target: 'node20',
              minify: false,
              rolldownOptions: { output: { entryFileNames: 'entry-server.js', codeSplitting: false } },
            },
          },
        },
      };
    },
  };
}
