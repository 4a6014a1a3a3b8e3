import { startPortal } from '../../e2e/src/server.ts';
import type { SquareDb } from './generate-square.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { type DeepCursor, deepCursors } from './square-cursors.ts';
import { startBaseline } from './start-baseline.ts';

/** Same page size for the portal and the baseline (the portal's default). */
const PAGE_SIZE = 10;
/**
 * The anonymous feed's first page (latest and hot) must keep up with the bare baseline (issue 23
 * §4: ≥ 1.0×); deeper pages and comments ≥ 0.5× (docs/decisions/0056-cluster.md).
 */
const FIRST_PAGE_BUDGET = 1;
const BUDGET = 0.5;

interface Page {
  code: number;
  msg: string;
  data: { records: Array<{ id: number }>; nextCursor: string | null };
}

/** One request first: the page must be full, have a next cursor, and (deep) start at the expected row. */
async function checkPage(url: string, firstId?: number): Promise<void> {
  const page = (await (await fetch(url)).json()) as Page;
  const ids = page.data?.records?.map((r) => r.id) ?? [];
  if (page.code !== 0 || ids.length !== PAGE_SIZE || !page.data.nextCursor) {
    throw new Error(`${url} answered code ${page.code} (${page.msg}) with ${ids.length} records`);
  }
  if (firstId !== undefined && ids[0] !== firstId) {
    throw new Error(`${url} starts at id ${ids[0]}, expected ${firstId}: the cursor did not resume in place`);
  }
}

/**
 * The square on the generated database: feed page 1 and a page 500 000 rows deep (latest and hot),
 * the big post's comments at page 1 and deep, and the same feed pages from the bare baseline.
 */
export async function squareScenarios(
  square: SquareDb,
  options: { seconds: number; webDist?: string },
): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const deep = deepCursors(square.file, square.meta.bigPostId);
  console.info(
    `square: ${deep.livePosts} live posts; big post ${square.meta.bigPostId} has ${deep.bigPostTopComments} live top-level comments`,
  );
  const portal = await startPortal({
    DATA_DIR: square.dataDir,
    SEED: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const baseline = await startBaseline(square.file);
  const measure = async (url: string, firstId?: number): Promise<LoadResult> => {
    await checkPage(url, firstId);
    const result = await load({ url, seconds: options.seconds, warmupSeconds: 1 });
    if (result.non2xx || result.errors)
      console.warn(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  const withCursor = (url: string, c: DeepCursor) => `${url}&cursor=${c.cursor}`;

  const figures: Figure[] = [];
  const comparisons: Comparison[] = [];
  const baselinePage1: Partial<Record<'latest' | 'hot', LoadResult>> = {};
  try {
    for (const [sort, order] of [
      [2, 'latest'],
      [1, 'hot'],
    ] as const) {
      const c = deep.posts[order];
      const ours = `${portal.baseUrl}/api/v1/square/post/list?sort=${sort}&pageSize=${PAGE_SIZE}`;
      const bare = `${baseline.baseUrl}/list?sort=${sort}`;
      const first = await measure(ours);
      const baseFirst = await measure(bare);
      baselinePage1[order] = baseFirst;
      // Page 2 by its cursor: the same read as deep in the feed, 10 rows in. A guest's page 1 is kept
      // between writes (guest-feed-cache.ts), so depth is judged against page 2, which is not.
      const page1 = (await (await fetch(ours)).json()) as Page;
      const second = await measure(`${ours}&cursor=${page1.data.nextCursor}`);
      const deepPage = await measure(withCursor(ours, c), c.firstId);
      const baseDeep = await measure(withCursor(bare, c), c.firstId);
      comparisons.push(
        { name: `feed ${order} page 1`, ours: first, baseline: baseFirst, budget: FIRST_PAGE_BUDGET },
        { name: `feed ${order} cursor at ${c.depth}`, ours: deepPage, baseline: baseDeep, budget: BUDGET },
      );
      figures.push(
        ratio(`square feed ${order} page 1 req/s ÷ baseline`, first, baseFirst, FIRST_PAGE_BUDGET),
        ratio(`square feed ${order} deep req/s ÷ baseline`, deepPage, baseDeep, BUDGET),
        deepP99(`square feed ${order} p99 at ${c.depth} (≤ 2× page 2)`, deepPage, second),
      );
    }
    for (const [sort, order] of [
      [2, 'latest'],
      [1, 'hot'],
    ] as const) {
      const c = deep.comments[order];
      const url = `${portal.baseUrl}/api/v1/square/post/${square.meta.bigPostId}/comment/list?sort=${sort}&pageSize=${PAGE_SIZE}`;
      const first = await measure(url);
      // A guest's page 1 is kept too (guest-comments-cache.ts): depth is judged against page 2.
      const page1 = (await (await fetch(url)).json()) as Page;
      const second = await measure(`${url}&cursor=${page1.data.nextCursor}`);
      const deepPage = await measure(withCursor(url, c), c.firstId);
      const baseFirst = baselinePage1[order]!;
      comparisons.push(
        { name: `big post comments ${order} page 1`, ours: first, baseline: baseFirst, budget: BUDGET },
        {
          name: `big post comments ${order} at ${c.depth}`,
          ours: deepPage,
          baseline: baseFirst,
          budget: BUDGET,
        },
      );
      figures.push(
        ratio(`square comments ${order} page 1 req/s ÷ baseline feed`, first, baseFirst, BUDGET),
        deepP99(`square comments ${order} p99 at ${c.depth} (≤ 2× page 2)`, deepPage, second),
      );
    }
  } finally {
    await baseline.stop();
    await portal.stop();
  }
  return { figures, comparisons };
}

const ratio = (name: string, ours: LoadResult, baseline: LoadResult, budget: number): Figure => ({
  name,
  value: ours.rps / baseline.rps,
  unit: '×',
  budget,
  better: 'higher',
});

const deepP99 = (name: string, deepPage: LoadResult, shallow: LoadResult): Figure => ({
  name,
  value: deepPage.p99,
  unit: 'ms',
  budget: 2 * shallow.p99,
  better: 'lower',
});
