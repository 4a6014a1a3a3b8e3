import { startPortal } from '../../e2e/src/server.ts';
import { type ComicDb, EPISODES_PER_COMIC, episodeIdOf, FREE_EPISODES } from './generate-comics.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { startBaseline } from './start-baseline.ts';

interface Answer {
  code: number;
  msg: string;
  data: { records?: unknown[]; panels?: unknown[]; unit?: unknown } | null;
}

/** One request first: the answer must be what a reader would get, so the load measures real work. */
async function check(url: string, expect: (a: Answer) => boolean): Promise<void> {
  const answer = (await (await fetch(url)).json()) as Answer;
  if (answer.code !== 0 || !expect(answer)) {
    throw new Error(
      `${url} answered code ${answer.code} (${answer.msg}): ${JSON.stringify(answer.data).slice(0, 200)}`,
    );
  }
}

/**
 * Comics at 5,000 works and 150,000 episodes (scale 1): a free episode's answer (its panels, prev
 * and next, what the next costs) and the 色漫 hot list, each next to the same rows read by the bare
 * baseline in the same run.
 */
export async function comicScenarios(
  comics: ComicDb,
  options: { seconds: number; webDist?: string },
): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const comic = Math.ceil(comics.meta.size.comics / 2);
  const portal = await startPortal({
    DATA_DIR: comics.dataDir,
    SEED: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const baseline = await startBaseline(comics.file);
  const measure = async (url: string, expect: (a: Answer) => boolean): Promise<LoadResult> => {
    await check(url, expect);
    const result = await load({ url, seconds: options.seconds, warmupSeconds: 1 });
    if (result.non2xx || result.errors)
      console.warn(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  const episode = episodeIdOf(comic, FREE_EPISODES);
  console.info(
    `comics: ${comics.meta.size.comics} comics, ${comics.meta.size.episodes} episodes (${EPISODES_PER_COMIC} each), ${comics.meta.size.panels} panels; measuring comic ${comic}`,
  );
  const comparisons: Comparison[] = [];
  const figures: Figure[] = [];
  try {
    const api = `${portal.baseUrl}/api/v1/comic`;
    // The first read draws the episode's panels into storage (once); the load reads what stays.
    const open = await measure(
      `${api}/${comic}/episode/${episode}`,
      (a) => (a.data?.panels?.length ?? 0) >= 5,
    );
    const baseOpen = await measure(
      `${baseline.baseUrl}/episode?work=${comic}&id=${episode}`,
      (a) => (a.data?.panels?.length ?? 0) >= 5,
    );
    const list = await measure(`${api}/list?sort=1&pageSize=20`, (a) => a.data?.records?.length === 20);
    const baseList = await measure(
      `${baseline.baseUrl}/works?kind=comic&limit=20`,
      (a) => a.data?.records?.length === 20,
    );
    comparisons.push(
      { name: 'comic episode (free, panels)', ours: open, baseline: baseOpen, budget: 0.25 },
      { name: '色漫 hot list page 1 (20)', ours: list, baseline: baseList, budget: 0.25 },
    );
    figures.push(
      { name: 'comic episode req/s', value: open.rps, unit: 'req/s', budget: 500, better: 'higher' },
      { name: 'comic episode p99', value: open.p99, unit: 'ms', budget: 100, better: 'lower' },
      { name: '色漫 hot page 1 req/s', value: list.rps, unit: 'req/s', budget: 500, better: 'higher' },
      { name: '色漫 hot page 1 p99', value: list.p99, unit: 'ms', budget: 100, better: 'lower' },
    );
  } finally {
    await baseline.stop();
    await portal.stop();
  }
  return { figures, comparisons };
}
