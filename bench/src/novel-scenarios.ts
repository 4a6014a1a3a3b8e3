import { startPortal } from '../../e2e/src/server.ts';
import { CHAPTERS_PER_BOOK, FREE_CHAPTERS, type NovelDb, unitIdOf } from './generate-novels.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { startBaseline } from './start-baseline.ts';

/** The baseline's menu page size (baseline.ts); the portal is asked for the same. */
const MENU_PAGE = 100;

interface Answer {
  code: number;
  msg: string;
  data: { records?: Array<{ idx?: number; index?: number }>; paragraphs?: string[] } | null;
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
 * Novels at 10 000 books and 5 000 000 chapters (scale 1): a book's menu at its start and 400
 * chapters in, a free chapter's text (composed from its seed, as the long demo book's are) and the
 * 书城 list, each next to the same rows read by the bare baseline in the same run.
 */
export async function novelScenarios(
  novels: NovelDb,
  options: { seconds: number; webDist?: string },
): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const book = Math.ceil(novels.meta.size.books / 2);
  const portal = await startPortal({
    DATA_DIR: novels.dataDir,
    SEED: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const baseline = await startBaseline(novels.file);
  const measure = async (url: string, expect: (a: Answer) => boolean): Promise<LoadResult> => {
    await check(url, expect);
    const result = await load({ url, seconds: options.seconds, warmupSeconds: 1 });
    if (result.non2xx || result.errors)
      console.warn(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  const fullMenu = (first: number) => (a: Answer) =>
    a.data?.records?.length === MENU_PAGE && (a.data.records[0].index ?? a.data.records[0].idx) === first;
  const deep = CHAPTERS_PER_BOOK - MENU_PAGE;
  const chapter = unitIdOf(book, FREE_CHAPTERS);
  console.info(
    `novels: ${novels.meta.size.books} books, ${novels.meta.size.chapters} chapters; measuring book ${book}`,
  );

  const comparisons: Comparison[] = [];
  const figures: Figure[] = [];
  try {
    const api = `${portal.baseUrl}/api/v1/novel`;
    const menuFirst = await measure(`${api}/${book}/chapters?order=asc&pageSize=${MENU_PAGE}`, fullMenu(1));
    const baseMenuFirst = await measure(`${baseline.baseUrl}/units?work=${book}&after=0`, fullMenu(1));
    const menuDeep = await measure(
      `${api}/${book}/chapters?order=asc&pageSize=${MENU_PAGE}&from=${deep + 1}`,
      fullMenu(deep + 1),
    );
    const baseMenuDeep = await measure(
      `${baseline.baseUrl}/units?work=${book}&after=${deep}`,
      fullMenu(deep + 1),
    );
    const open = await measure(
      `${api}/${book}/chapter/${chapter}`,
      (a) => (a.data?.paragraphs?.length ?? 0) > 0,
    );
    const baseOpen = await measure(
      `${baseline.baseUrl}/unit?work=${book}&id=${chapter}`,
      (a) => a.data !== null,
    );
    const list = await measure(`${api}/list?sort=1&pageSize=20`, (a) => a.data?.records?.length === 20);
    comparisons.push(
      { name: 'novel menu page 1 (100 chapters)', ours: menuFirst, baseline: baseMenuFirst, budget: 0.5 },
      { name: `novel menu from chapter ${deep + 1}`, ours: menuDeep, baseline: baseMenuDeep, budget: 0.5 },
      { name: 'novel chapter text (free, composed)', ours: open, baseline: baseOpen, budget: 0.25 },
    );
    figures.push(
      {
        name: 'novel menu p99 at chapter 401 (≤ 2× page 1)',
        value: menuDeep.p99 / Math.max(1, menuFirst.p99),
        unit: '×',
        budget: 2,
        better: 'lower',
      },
      { name: 'novel chapter text p99', value: open.p99, unit: 'ms', budget: 100, better: 'lower' },
      { name: '书城 hot page 1 req/s', value: list.rps, unit: 'req/s', budget: 500, better: 'higher' },
      { name: '书城 hot page 1 p99', value: list.p99, unit: 'ms', budget: 100, better: 'lower' },
    );
  } finally {
    await baseline.stop();
    await portal.stop();
  }
  return { figures, comparisons };
}
