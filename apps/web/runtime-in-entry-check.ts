import type { Plugin } from 'vite';

/**
 * Fails the client build when rolldown puts its runtime helpers (`__toESM`, `__commonJS`,
 * `__export`, …) in a chunk of their own instead of the entry: that chunk is one more response on
 * every route, about 1 KB with its headers (issue 21's first-load budget, docs/decisions/0050).
 *
 * Rolldown 1.2 splits the runtime out first and merges it back into a chunk that every user of a
 * helper depends on. The pages' chunks all import the entry (React), so the entry qualifies as
 * long as no lazy chunk uses a helper without importing the entry: a CommonJS package imported on
 * demand by itself does that (it needs `__commonJS`). Import such a package from a module of ours
 * that also uses the entry, in the same chunk (features/invites/lib/poster-draw.ts does so for
 * qrcode).
 */
export function runtimeInEntryCheck(): Plugin {
  return {
    name: 'ld-runtime-in-entry-check',
    generateBundle(_options, bundle) {
      const runtime = Object.values(bundle).filter(
        (file) => file.type === 'chunk' && file.name === 'rolldown-runtime',
      );
      if (runtime.length === 0) return;
      const users = Object.values(bundle)
        .filter(
          (file) =>
            file.type === 'chunk' &&
            file.imports.includes(runtime[0].fileName) &&
            !file.imports.some(
              (i) => bundle[i]?.type === 'chunk' && (bundle[i] as { isEntry: boolean }).isEntry,
            ),
        )
        .map((file) => file.fileName);
      this.error(
        `rolldown's runtime helpers are in a chunk of their own (${runtime[0].fileName}), one more response on every route: ` +
          `chunks that use a helper without importing the entry: ${users.join(', ') || 'none found'} (see runtime-in-entry-check.ts)`,
      );
    },
  };
}
