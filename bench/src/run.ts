import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPortal } from '../../e2e/src/server.ts';
import { accountScenarios } from './account-scenarios.ts';
import { describeBenchDb } from './bench-db.ts';
import { describeVisit, measureHomeFirstLoad, measureRouteFirstLoad, type Visit } from './bundle.ts';
import { checkinScenarios } from './checkin-scenarios.ts';
import { clusterScenarios } from './cluster-scenarios.ts';
import { comicGridScroll } from './comic-grid-scroll.ts';
import { comicScenarios } from './comic-scenarios.ts';
import { type ComicDb, ensureComicDb } from './generate-comics.ts';
import { ensureNovelDb, type NovelDb } from './generate-novels.ts';
import { ensureSquareDb, type SquareDb } from './generate-square.ts';
import { homeScenarios } from './home-scenarios.ts';
import { measurePages } from './measure-pages.ts';
import { moneyScenarios } from './money-scenarios.ts';
import { novelImportScenario } from './novel-import-scenario.ts';
import { novelScenarios } from './novel-scenarios.ts';
import { HOME_JS_KB, type PageResult, printPageTable, ROUTE_JS_KB } from './page-report.ts';
import { selectPages } from './pages.ts';
import { type Comparison, type Figure, printComparison, printFigures } from './report.ts';
import { squareScenarios } from './square-scenarios.ts';
import { videoScenarios } from './video-scenarios.ts';

/**
 * `npm run bench`: builds the SPA, starts the real portal (SQLite, demo content, production
 * password cost, per-IP limits off so the load measures the work and not the limiter) and prints
 * each figure next to its budget. Loads go to loopback only and stop by themselves.
 *
 * BENCH_SCALE (default 1: 1 000 000 posts, 5 000 000 comments; 10 000 books, 5 000 000 chapters;
 * 0.01 for quick runs) sizes the square's and the novels' databases; BENCH_WEB_DIST uses an SPA already built there instead of building into
 * apps/web/dist (BENCH_ADMIN_DIST likewise for the operator console); BENCH_SECONDS (default 5) is each square and money load's length; BENCH_ONLY
 * (comma list of bundle, lighthouse, axe, account, money, square, novels and the keys of apiScenarios) runs a subset: `lighthouse`
 * runs Lighthouse and axe over the pages of pages.ts, `axe` only axe; BENCH_PAGES (comma list of
 * names in pages.ts) narrows those pages; BENCH_RUNS (default 3) is Lighthouse runs per page;
 * BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's HTML report there; BENCH_LIGHTHOUSE_COLD=1 drops
 * the unmeasured run that warms the portal for each page first (lighthouse.ts); BENCH_CPU_SLOWDOWN=x
 * forces Lighthouse's CPU slowdown to x instead of calibrating it per run to a phone of
 * benchmark index 500 (cpu-calibration.ts). `bundle` measures the home's first load (first and
 * return visit) and the first load of each page of BENCH_PAGES.
 */
const root = path.resolve(import.meta.dirname, '../..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const seconds = Number(process.env.BENCH_SECONDS ?? '5');
if (!(scale > 0 && scale <= 1) || !(seconds > 0))
  throw new Error('BENCH_SCALE must be in (0, 1], BENCH_SECONDS > 0');
const webDist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : undefined;
/** The operator console's build (BENCH_ADMIN_DIST, else apps/admin/dist, which `npm run build` makes). */
const adminDist = process.env.BENCH_ADMIN_DIST ? path.resolve(process.env.BENCH_ADMIN_DIST) : undefined;
/** Self-contained API scenarios (each starts its own portal and baseline): one line per kind. */
const apiScenarios: Record<
  string,
  (o: { seconds: number; webDist?: string }) => Promise<{ figures: Figure[]; comparisons: Comparison[] }>
> = {
  videos: videoScenarios,
  checkin: checkinScenarios,
  home: homeScenarios,
  // nginx + compiled processes on PostgreSQL and Redis, and the cold start (docs/decisions/0056-cluster.md).
  cluster: clusterScenarios,
  // The console's TXT import of a 2 MB GBK novel: time and the server's peak memory (docs/decisions/0059).
  'novel-import': novelImportScenario,
};
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    ['bundle,lighthouse,account,money,square,novels,comics', ...Object.keys(apiScenarios)].join(',')
  ).split(','),
);
const known = [
  'bundle',
  'lighthouse',
  'axe',
  'account',
  'money',
  'square',
  'novels',
  'comics',
  ...Object.keys(apiScenarios),
];
const runs = Number(process.env.BENCH_RUNS ?? '3');
if ([...only].some((k) => !known.includes(k)) || !(Number.isInteger(runs) && runs > 0))
  throw new Error(`BENCH_ONLY must list some of ${known.join(', ')}; BENCH_RUNS must be a positive integer`);

if (!webDist) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

let square: SquareDb | null = null;
if (only.has('square')) {
  console.info(`square database at scale ${scale}:`);
  square = await ensureSquareDb(scale);
  describeBenchDb(square, root);
}
let novels: NovelDb | null = null;
if (only.has('novels')) {
  console.info(`novels database at scale ${scale}:`);
  novels = await ensureNovelDb(scale);
  describeBenchDb(novels, root);
}
let comics: ComicDb | null = null;
if (only.has('comics')) {
  console.info(`comics database at scale ${scale}:`);
  comics = await ensureComicDb(scale);
  describeBenchDb(comics, root);
}

const figures: Figure[] = [];
/** Figures printed without a budget (the operator console's size). */
const unbudgeted: string[] = [];
const comparisons: Comparison[] = [];
let pages: PageResult[] = [];
/** Each bench page's first-load JS (KB), when `bundle` ran. */
const routeJsKb = new Map<string, number>();
const portalNeeded = ['bundle', 'lighthouse', 'axe', 'account', 'money'].some((k) => only.has(k));
if (portalNeeded) {
  const portal = await startPortal({
    RATE_LIMIT: 'off',
    SCRYPT_LOG_N: '17',
    LOG_LEVEL: 'error',
    ...(webDist ? { WEB_DIST: webDist } : {}),
    ...(adminDist ? { ADMIN_DIST: adminDist } : {}),
  });
  try {
    if (only.has('bundle')) {
      const { first, back } = await measureHomeFirstLoad(portal.baseUrl);
      const cachedScripts = (v: Visit) => v.files.filter((f) => f.fromCache && f.kind === 'js').length;
      console.info('home first load, first visit (fresh profile), gzip as transferred, headers incl.:');
      for (const line of describeVisit(first)) console.info(line);
      console.info(
        `home first load, return visit (same profile, reload): ${cachedScripts(back)} scripts from the HTTP cache`,
      );
      for (const line of describeVisit(back, first)) console.info(line);
      const kb = (name: string, value: number, budget: number): Figure => ({
        name,
        value,
        unit: 'KB',
        budget,
        better: 'lower',
      });
      figures.push(
        kb('home first-load JS, first visit (gzip transferred, headers incl.)', first.jsKb, HOME_JS_KB),
        kb('home first-load CSS, first visit (gzip transferred, headers incl.)', first.cssKb, 20),
        kb('home first-load JS, return visit (gzip transferred, headers incl.)', back.jsKb, HOME_JS_KB),
        kb('home first-load CSS, return visit (gzip transferred, headers incl.)', back.cssKb, 20),
      );
      // Every bench page's own first load (fresh profile, bulletin hidden): its chunks beside the shell.
      for (const page of await selectPages(portal.baseUrl)) {
        const visit = await measureRouteFirstLoad(portal.baseUrl, page.path);
        routeJsKb.set(page.name, visit.jsKb);
        console.info(
          `${page.name} ${page.path} first load (fresh profile, bulletin hidden), gzip as transferred:`,
        );
        for (const line of describeVisit(visit)) console.info(line);
        const budget = page.name === 'home' ? HOME_JS_KB : ROUTE_JS_KB;
        figures.push(
          kb(`${page.name} first-load JS, bulletin hidden (gzip transferred)`, visit.jsKb, budget),
        );
      }
      // The operator console (issue 20): its own bundle, never the portal's; printed, no budget.
      const consoleVisit = await measureRouteFirstLoad(portal.baseUrl, '/admin/login');
      console.info('operator console /admin/login first load (fresh profile), gzip as transferred:');
      for (const line of describeVisit(consoleVisit)) console.info(line);
      unbudgeted.push(
        `operator console first load (/admin/login, gzip transferred, headers incl.): JS ${consoleVisit.jsKb.toFixed(1)} KB, ` +
          `CSS ${consoleVisit.cssKb.toFixed(1)} KB — beside the portal home's JS ${first.jsKb.toFixed(1)} KB, CSS ${first.cssKb.toFixed(1)} KB`,
      );
    }
    // Before the load scenarios, so the pages show the demo content as seeded.
    if (only.has('lighthouse') || only.has('axe')) {
      const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS
        ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS)
        : undefined;
      if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
      pages = (
        await measurePages(portal.baseUrl, { lighthouse: only.has('lighthouse'), runs, reportDir })
      ).map((p) => ({ ...p, firstLoadJsKb: routeJsKb.get(p.name) }));
      if (reportDir) console.info(`Lighthouse reports in ${reportDir}`);
    }
    if (only.has('account')) figures.push(...(await accountScenarios(portal)));
    if (only.has('money')) figures.push(...(await moneyScenarios(portal, { seconds })));
  } finally {
    await portal.stop();
  }
}
if (square) {
  const result = await squareScenarios(square, { seconds, webDist });
  figures.push(...result.figures);
  comparisons.push(...result.comparisons);
}
if (novels) {
  const result = await novelScenarios(novels, { seconds, webDist });
  figures.push(...result.figures);
  comparisons.push(...result.comparisons);
}
for (const [name, scenario] of Object.entries(apiScenarios)) {
  if (!only.has(name)) continue;
  const result = await scenario({ seconds, webDist });
  figures.push(...result.figures);
  comparisons.push(...result.comparisons);
}
if (comics) {
  const result = await comicScenarios(comics, { seconds, webDist });
  figures.push(...result.figures);
  comparisons.push(...result.comparisons);
}
if (comics) figures.push(...(await comicGridScroll(comics, { webDist })));

let ok = true;
if (pages.length > 0) ok = printPageTable(pages, runs) && ok;
if (figures.length > 0) ok = printFigures(figures) && ok;
if (comparisons.length > 0) ok = printComparison(comparisons) && ok;
if (unbudgeted.length > 0) console.info(`\nno budget:\n${unbudgeted.map((line) => `  ${line}`).join('\n')}`);
const knobs = [
  'BENCH_ONLY',
  'BENCH_PAGES',
  'BENCH_RUNS',
  'BENCH_SCALE',
  'BENCH_SECONDS',
  'BENCH_CPU_SLOWDOWN',
  'BENCH_LIGHTHOUSE_COLD',
]
  .filter((k) => process.env[k])
  .map((k) => `${k}=${process.env[k]} `)
  .join('');
console.info(
  `\nreproduce: ${knobs}npm run bench   (2 shared cores: load figures vary a few percent between runs; ` +
    'Lighthouse CPU slowdown calibrated per run to a phone of index 500)',
);
process.exitCode = ok ? 0 : 1;
