import type { Plugin } from 'vite';

/** The contract's plain home values (banners, entries, limits) and the home page that draws with them. */
const VALUES = /^@ld\/contract\/home-values$/;
const VALUES_FILE = /contract[\\/]src[\\/]home-values\.ts$/;
const HOME_PAGE = /src[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/;
/** The search's modules, loaded after the home's first paint (a typed keyword, the search route). */
const SEARCH =
  /src[\\/]features[\\/]home[\\/](pages[\\/]search-page|components[\\/]search-suggestions|api[\\/]search)\.tsx?$/;

/**
 * The home page's chunk with `@ld/contract/home-values` inside it (issue 21's first-load budget,
 * docs/decisions/0050): the search's modules get a copy of their own (the module id with
 * `?search`), so the home page is the values' only user and rolldown keeps them in its chunk
 * instead of a 0.5 KB common chunk, one more response on the home's first load. The page module
 * stays its chunk's entry, so the manifest key the server preloads by is kept (a codeSplitting
 * group would lose it). The values are plain constants: two copies cannot disagree.
 *
 * The build fails if the home page's chunk still imports the values from another chunk.
 */
export function homeValuesPlugin(): Plugin {
  let copies = 0;
  return {
    name: 'ld-home-values',
    enforce: 'pre',
    apply: 'build',
    // The browser's build only: the server's render module is one chunk anyway.
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: {
      filter: { id: VALUES },
      async handler(source, importer, options) {
        if (!importer || !SEARCH.test(importer)) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        copies++;
        return { ...resolved, id: `${resolved.id}?search` };
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const home = chunks.find((chunk) => chunk.facadeModuleId && HOME_PAGE.test(chunk.facadeModuleId));
      if (!home) this.error('ld-home-values: no chunk for the home page (features/home/pages/home-page.tsx)');
      const apart = chunks.find(
        (chunk) =>
          home.imports.includes(chunk.fileName) &&
          chunk.moduleIds.some((id) => VALUES_FILE.test(id) && !id.endsWith('?search')),
      );
      if (apart || copies === 0)
        this.error(
          `ld-home-values: the home page's chunk imports @ld/contract/home-values from ${apart?.fileName ?? 'another chunk'} ` +
            `(${copies} search copies made): look at who imports it (home-values-plugin.ts)`,
        );
    },
  };
}
