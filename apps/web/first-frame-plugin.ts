import fs from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin, type ResolvedConfig, runnerImport } from 'vite';
import type { FirstRequest } from './src/app/first-data';
import type { RouteFrame } from './src/app/first-frame';

/** One route of dist/route-map.json, read by the server (apps/server/src/platform/first-frame.ts). */
export interface RouteMapEntry {
  path: string;
  name: string;
  documentTitle: string;
  /** Markup for #root. */
  html: string;
  /** The route's own chunks (its page and what that imports), not already loaded by the entry. */
  modules: string[];
  /** Stylesheets those chunks bring. */
  styles: string[];
  /** The page's first API requests, answered by the server inside the HTML (app/first-data.ts). */
  data: FirstRequest[];
  /** The server renders the page without first data: its first screen needs none (app/first-data.ts). */
  rendersAlone?: boolean;
  /** Its static frame paints before the app's code is asked for (src/app/first-data.ts FRAME_PAINTS_ALONE). */
  paintsAlone?: boolean;
}

export interface RouteMap {
  routes: RouteMapEntry[];
  /**
   * The script that starts the app once a server-rendered screen has painted (src/app/boot.js,
   * emitted as a hashed asset): the server puts it in place of the entry's scripts on those pages.
   */
  boot: string;
  /**
   * The start-up bulletin in every page (src/features/bulletin/components/boot-bulletin.tsx): the
   * inline script that opens it (src/app/boot-bulletin.js, minified) and the stylesheets of the
   * app's bulletin dialog, whose look it shares; the server inlines both beside it.
   */
  bulletin: { script: string; styles: string[] };
}

/** The app's bulletin dialog, whose stylesheets the server's bulletin shares. */
const BULLETIN_DIALOG = 'src/features/bulletin/components/bulletin-dialog.tsx';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes dist/route-map.json at build time (docs/decisions/0029-first-frame.md): for every route
 * of app/routes.ts its first frame (rendered by app/first-frame.tsx with the route's real meta)
 * and the chunks its lazy page import needs, so the server can paint the shell and preload the
 * page beside the entry.
 */
export function firstFramePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ld-first-frame',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of byFile.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('first-frame: no entry chunk');
      const loadedByEntry = closure(entry.fileName);

      const { module } = await runnerImport<{ renderFirstFrames: () => RouteFrame[] }>(
        path.join(config.root, 'src/app/first-frame.tsx'),
        { root: config.root, configFile: false, mode: config.mode, logLevel: 'error' },
      );
      const url = (file: string) => `${config.base}${file}`;
      const routes = module.renderFirstFrames().map((frame): RouteMapEntry => {
        const source = /["']([^"']+\.[jt]sx?)["']/.exec(frame.pageSource)?.[1];
        const chunk = source ? byModule.get(path.join(config.root, source)) : undefined;
        if (!chunk) throw new Error(`first-frame: no chunk for route "${frame.path}" (${frame.pageSource})`);
        const own = [...closure(chunk.fileName)].filter((f) => !loadedByEntry.has(f));
        const styles = own.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return {
          path: frame.path,
          name: frame.name,
          documentTitle: frame.documentTitle,
          html: frame.html,
          modules: own.map(url),
          styles: [...new Set(styles)].map(url),
          data: frame.data,
          ...(frame.rendersAlone ? { rendersAlone: true } : {}),
          ...(frame.paintsAlone ? { paintsAlone: true } : {}),
        };
      });
      // Minified: it is asked for before anything else of the app on every server-rendered page.
      const bootSource = minifySync(
        'boot.js',
        fs.readFileSync(path.join(config.root, 'src/app/boot.js'), 'utf8'),
      ).code;
      const boot = this.emitFile({ type: 'asset', name: 'boot.js', source: `${bootSource}\n` });
      // The dialog is grouped with the other popups (vite.config.ts): the chunk that holds it.
      const dialogModule = path.join(config.root, BULLETIN_DIALOG);
      const bulletinChunk = chunks.find((c) => c.moduleIds.includes(dialogModule));
      if (!bulletinChunk) throw new Error(`first-frame: no chunk for ${BULLETIN_DIALOG}`);
      const bulletinStyles = [...closure(bulletinChunk.fileName)]
        .filter((f) => !loadedByEntry.has(f))
        .flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
      const bulletin = {
        script: minifySync(
          'boot-bulletin.js',
          fs.readFileSync(path.join(config.root, 'src/app/boot-bulletin.js'), 'utf8'),
        ).code.trim(),
        styles: [...new Set(bulletinStyles)].map(url),
      };
      const map: RouteMap = { routes, boot: url(this.getFileName(boot)), bulletin };
      this.emitFile({ type: 'asset', fileName: 'route-map.json', source: JSON.stringify(map) });
    },
  };
}
