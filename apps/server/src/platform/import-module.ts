/** The launcher's import(), under this key on globalThis (src/launcher.mjs). */
const LAUNCHER_IMPORT = Symbol.for('landiamond.importModule');

/**
 * import() of a module at run time (a package loaded on first use, the page renderer's file). The
 * compiled server runs as a vm script (src/launcher.mjs; docs/decisions/0056-cluster.md, "Start-up
 * with V8's code cache"), where the language's own import() needs an experimental flag: its
 * launcher hands one in, which resolves from dist/ as the bundle's static imports do. From the
 * sources (tests, tools) it is import() itself.
 */
export function importModule<T>(specifier: string): Promise<T> {
  const given = (globalThis as Record<symbol, ((specifier: string) => Promise<unknown>) | undefined>)[
    LAUNCHER_IMPORT
  ];
  return (given ? given(specifier) : import(specifier)) as Promise<T>;
}
