import path from 'node:path';
import { measureLighthouse } from './lighthouse.ts';
import { axePage } from './page-axe.ts';
import type { PageResult } from './page-report.ts';
import { selectPages } from './pages.ts';

/**
 * Lighthouse (when asked) and axe over the pages of pages.ts narrowed by BENCH_PAGES, one page
 * at a time: each Lighthouse run times CPU work, so nothing else of the bench runs beside it.
 */
export async function measurePages(
  baseUrl: string,
  options: { lighthouse: boolean; runs: number; reportDir?: string },
): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of await selectPages(baseUrl)) {
    const url = `${baseUrl}${page.path}`;
    const started = Date.now();
    const reportPrefix = options.reportDir && path.join(options.reportDir, page.name);
    const lighthouse = options.lighthouse
      ? await measureLighthouse(url, options.runs, reportPrefix)
      : undefined;
    const axe = await axePage(url);
    console.info(`  measured ${page.name} ${page.path} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    results.push({ ...page, lighthouse, axe });
  }
  return results;
}
