import path from 'node:path';
import { startPortal } from '../../e2e/src/server.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { startBaseline } from './start-baseline.ts';

// Videos (issue 9 §6, docs/decisions/0038-videos.md): the video list and the player's detail on
// the demo content, each next to the same rows read by the bare baseline in the same run.

interface Answer {
  code: number;
  msg: string;
  data: { total?: number; records?: Array<{ id: number; price: number }>; src?: string | null } | null;
}

const getJson = async (url: string) => (await (await fetch(url)).json()) as Answer;

export async function videoScenarios(options: {
  seconds: number;
  webDist?: string;
}): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const portal = await startPortal({
    SEED: '1',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const figures: Figure[] = [];
  const comparisons: Comparison[] = [];
  let baseline: Awaited<ReturnType<typeof startBaseline>> | null = null;
  try {
    // The demo clips are made in the background after start-up: wait until all 16 are in.
    const api = `${portal.baseUrl}/api/v1/video`;
    const started = Date.now();
    for (;;) {
      const list = await getJson(`${api}/list?pageSize=100`);
      if (list.data?.total === 16) break;
      if (Date.now() - started > 180_000) throw new Error(`only ${list.data?.total} demo videos after 3 min`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.info(
      `videos: 16 demo videos in ${((Date.now() - started) / 1000).toFixed(1)} s after the portal listened`,
    );
    baseline = await startBaseline(path.join(portal.dataDir, 'portal.sqlite'));
    const measure = async (url: string, expect: (a: Answer) => boolean): Promise<LoadResult> => {
      const answer = await getJson(url);
      if (answer.code !== 0 || !expect(answer))
        throw new Error(
          `${url} answered code ${answer.code} (${answer.msg}): ${JSON.stringify(answer.data).slice(0, 200)}`,
        );
      const result = await load({ url, seconds: options.seconds, warmupSeconds: 1 });
      if (result.non2xx || result.errors)
        console.warn(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result;
    };
    const page = (a: Answer) => a.data?.records?.length === 20 || a.data?.records?.length === 16;
    const list = await measure(`${api}/list?sort=1&pageSize=20`, page);
    const baseList = await measure(`${baseline.baseUrl}/videos`, page);
    const free = (await getJson(`${api}/list?pageSize=100`)).data?.records?.find((r) => r.price === 0);
    if (!free) throw new Error('no free demo video');
    const detail = await measure(`${api}/${free.id}`, (a) => typeof a.data?.src === 'string');
    const baseDetail = await measure(`${baseline.baseUrl}/video?id=${free.id}`, (a) => a.data !== null);
    comparisons.push(
      { name: 'video list (hot, 20 cards)', ours: list, baseline: baseList, budget: 0.25 },
      { name: 'video detail (free, signed src, view)', ours: detail, baseline: baseDetail, budget: 0.2 },
    );
    figures.push(
      { name: 'video list hot page 1 req/s', value: list.rps, unit: 'req/s', budget: 500, better: 'higher' },
      { name: 'video list hot page 1 p99', value: list.p99, unit: 'ms', budget: 100, better: 'lower' },
      { name: 'video detail p99', value: detail.p99, unit: 'ms', budget: 100, better: 'lower' },
    );
  } finally {
    await baseline?.stop();
    await portal.stop();
  }
  return { figures, comparisons };
}
