import path from 'node:path';
import { startPortal } from '../../e2e/src/server.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { startBaseline } from './start-baseline.ts';

// Home and search (issue 10 §1): GET /api/v1/home as every visitor asks it, next to the bare
// baseline reading the same rows (baseline.ts GET /home) in the same run, on the demo content;
// and the search across every kind, which no cache answers.

async function checked(url: string, expect: (data: unknown) => boolean): Promise<void> {
  const answer = (await (await fetch(url)).json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 0 || !expect(answer.data))
    throw new Error(`${url} answered code ${answer.code} (${answer.msg})`);
}

function warnIfFailed(name: string, result: LoadResult) {
  if (result.non2xx || result.errors)
    console.warn(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

export async function homeScenarios(options: {
  seconds: number;
  webDist?: string;
}): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const portal = await startPortal({
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const baseline = await startBaseline(path.join(portal.dataDir, 'portal.sqlite'));
  try {
    const homeUrl = `${portal.baseUrl}/api/v1/home`;
    const searchUrl = `${portal.baseUrl}/api/v1/search?keyword=${encodeURIComponent('剑')}`;
    // The answers must be what a visitor gets: sections, and results in more than one kind.
    await checked(homeUrl, (d) => ((d as { sections: unknown[] }).sections ?? []).length >= 3);
    await checked(searchUrl, (d) => ((d as { groups: unknown[] }).groups ?? []).length >= 2);
    await checked(`${baseline.baseUrl}/home`, (d) => ((d as { games: unknown[] }).games ?? []).length > 0);

    const home = await load({ url: homeUrl, seconds: options.seconds, warmupSeconds: 1 });
    warnIfFailed('GET /api/v1/home', home);
    const baseHome = await load({
      url: `${baseline.baseUrl}/home`,
      seconds: options.seconds,
      warmupSeconds: 1,
    });
    warnIfFailed('baseline GET /home', baseHome);
    const search = await load({ url: searchUrl, seconds: options.seconds, warmupSeconds: 1 });
    warnIfFailed('GET /api/v1/search', search);
    return {
      comparisons: [
        { name: 'GET /api/v1/home (sections of 5 kinds)', ours: home, baseline: baseHome, budget: 0.25 },
      ],
      figures: [
        { name: 'GET /api/v1/home p99', value: home.p99, unit: 'ms', budget: 100, better: 'lower' },
        {
          name: 'GET /api/v1/search (every kind) req/s',
          value: search.rps,
          unit: 'req/s',
          budget: 100,
          better: 'higher',
        },
        {
          name: 'GET /api/v1/search (every kind) p99',
          value: search.p99,
          unit: 'ms',
          budget: 200,
          better: 'lower',
        },
      ],
    };
  } finally {
    await baseline.stop();
    await portal.stop();
  }
}
