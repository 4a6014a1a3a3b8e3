import type { Plugin } from 'vite';

/** TanStack Query's modules this plugin patches (its ESM build, `build/modern`). */
const MUTATION_CACHE = /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationCache\.js$/;
const MUTATION_OBSERVER = /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationObserver\.js$/;

const CUTS: Array<[file: RegExp, find: string, replace: string]> = [
  // The cache no longer imports the Mutation class: whoever builds a mutation hands it over first.
  [
    MUTATION_CACHE,
    'import { Mutation } from "./mutation.js";\n',
    'let Mutation = null;\n/** The Mutation class, handed over by the first MutationObserver (query-mutation-plugin.ts). */\nexport function ldProvideMutation(M) { Mutation = M; }\n',
  ],
  [
    MUTATION_CACHE,
    '\tbuild(client, options, state) {\n\t\tconst mutation = new Mutation({',
    '\tbuild(client, options, state) {\n\t\tif (!Mutation) throw new Error("a mutation built before any MutationObserver (apps/web/query-mutation-plugin.ts)");\n\t\tconst mutation = new Mutation({',
  ],
  // useMutation's observer (the kit's) brings the class along.
  [
    MUTATION_OBSERVER,
    'import { getDefaultState } from "./mutation.js";\n',
    'import { Mutation as LdMutation, getDefaultState } from "./mutation.js";\nimport { ldProvideMutation } from "./mutationCache.js";\n',
  ],
  [
    MUTATION_OBSERVER,
    '\tconstructor(client, options) {\n',
    '\tconstructor(client, options) {\n\t\tldProvideMutation(LdMutation);\n',
  ],
];

/**
 * TanStack Query's `Mutation` class out of the entry (issue 21's first-load budget,
 * docs/decisions/0050): the QueryClient the shell creates builds a MutationCache, which imports
 * the class only to build a mutation, and only `useMutation` (the kit, on the pages that change
 * something) builds one. The class now comes with MutationObserver, which hands it to the cache
 * when it is created, before it can ask for a mutation. The portal never restores dehydrated
 * mutations (the server's render has none to send), the one other way to build one; the cache
 * throws a named error if it is ever asked to without the class.
 *
 * Each cut replaces an exact text of @tanstack/query-core's build and the build fails if one no
 * longer matches once (a new version: look at it again before adapting the text).
 */
export function queryMutationPlugin(): Plugin {
  return {
    name: 'ld-query-mutation',
    transform: {
      filter: { id: [MUTATION_CACHE, MUTATION_OBSERVER] },
      handler(code, id) {
        let out = code;
        for (const [file, find, replace] of CUTS) {
          if (!file.test(id)) continue;
          const at = out.indexOf(find);
          if (at < 0 || out.indexOf(find, at + 1) >= 0) {
            throw new Error(
              `query-mutation-plugin: @tanstack/query-core changed (${id}); revisit the cut of ${JSON.stringify(find.slice(0, 70))}`,
            );
          }
          out = out.slice(0, at) + replace + out.slice(at + find.length);
        }
        return { code: out, map: null };
      },
    },
  };
}
