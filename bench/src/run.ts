import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startPortal } from '../../e2e/src/server.ts';
import { accountScenarios } from './account-scenarios.ts';
import { measureHomeFirstLoad } from './bundle.ts';
import { ensureSquareDb, type SquareDb } from './generate-square.ts';
import { moneyScenarios } from './money-scenarios.ts';
import { type Comparison, type Figure, printComparison, printFigures } from './report.ts';
import { squareScenarios } from './square-scenarios.ts';

/**
 * `npm run bench`: builds the SPA, starts the real portal (SQLite, demo content, production
 * password cost, per-IP limits off so the load measures the work and not the limiter) and prints
 * each figure next to its budget. Loads go to loopback only and stop by themselves.
 *
 * BENCH_SCALE (default 1: 1 000 000 posts, 5 000 000 comments; 0.01 for quick runs) sizes the
 * square's database; BENCH_WEB_DIST uses an SPA already built there instead of building into
 * apps/web/dist; BENCH_SECONDS (default 5) is each square and money load's length; BENCH_ONLY
 * (comma list of bundle, account, money, square) runs a subset.
 */
const root = path.resolve(import.meta.dirname, '../..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const seconds = Number(process.env.BENCH_SECONDS ?? '5');
if (!(scale > 0 && scale <= 1) || !(seconds > 0))
  throw new Error('BENCH_SCALE must be in (0, 1], BENCH_SECONDS > 0');
const webDist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : undefined;
const dist = webDist ?? path.join(root, 'apps/web/dist');
const only = new Set((process.env.BENCH_ONLY ?? 'bundle,account,money,square').split(','));

if (!webDist) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

let square: SquareDb | null = null;
if (only.has('square')) {
  console.info(`square database at scale ${scale}:`);
  square = await ensureSquareDb(scale);
  console.info(
    square.generatedMs === null
      ? `  reused ${path.relative(root, square.file)}`
      : `  generated ${path.relative(root, square.file)} in ${(square.generatedMs / 1000).toFixed(1)} s (not part of the figures)`,
  );
}

const figures: Figure[] = [];
let comparisons: Comparison[] = [];
if (only.has('bundle') || only.has('account') || only.has('money')) {
  const portal = await startPortal({
    RATE_LIMIT: 'off',
    SCRYPT_LOG_N: '17',
    LOG_LEVEL: 'error',
    ...(webDist ? { WEB_DIST: webDist } : {}),
  });
  try {
    if (only.has('bundle')) {
      const bundle = await measureHomeFirstLoad(portal.baseUrl, dist);
      const returning = await measureHomeFirstLoad(portal.baseUrl, dist, { bulletinHidden: true });
      console.info(`home first load: ${bundle.files.join(', ')}`);
      figures.push(
        {
          name: 'home first-load JS, first visit with bulletin (gzip)',
          value: bundle.jsKb,
          unit: 'KB',
          budget: 120,
          better: 'lower',
        },
        {
          name: 'home first-load JS, bulletin hidden today (gzip)',
          value: returning.jsKb,
          unit: 'KB',
          budget: 120,
          better: 'lower',
        },
        { name: 'home first-load CSS (gzip)', value: bundle.cssKb, unit: 'KB', budget: 20, better: 'lower' },
      );
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
  comparisons = result.comparisons;
}

let ok = printFigures(figures);
if (comparisons.length > 0) ok = printComparison(comparisons) && ok;
console.info(
  `\nreproduce: npm run bench   (2 cores; BENCH_SCALE=${scale}; figures vary a few percent between runs)`,
);
process.exitCode = ok ? 0 : 1;
