import { type AxeViolation, countTargets } from '../../e2e/src/axe.ts';
import { TARGET_PHONE_INDEX } from './cpu-calibration.ts';
import { type Category, type LighthouseSummary, type Metric, median, warmFirst } from './lighthouse.ts';

export interface PageResult {
  name: string;
  path: string;
  lighthouse?: LighthouseSummary;
  axe?: AxeViolation[];
  /** The route's first-load JS in KB (gzip as transferred, headers incl.; fresh profile, bulletin hidden). */
  firstLoadJsKb?: number;
}

/** First-load JS budgets (issue 21): the home's shell, and any other route with its own chunks. */
export const HOME_JS_KB = 110;
export const ROUTE_JS_KB = 130;
const jsBudget = (r: PageResult) => (r.name === 'home' ? HOME_JS_KB : ROUTE_JS_KB);

interface Column {
  head: string;
  goal: string;
  /** The cell, and whether it meets its goal (null: no goal); undefined when not measured. */
  cell(r: PageResult): { text: string; ok: boolean | null } | undefined;
}

const score = (c: Category, min: number): Column => ({
  head: { performance: 'perf', accessibility: 'a11y', 'best-practices': 'best-pr', seo: 'SEO' }[c],
  goal: min === 1 ? '1.00' : `≥ ${min.toFixed(2)}`,
  cell: (r) => r.lighthouse && { text: r.lighthouse.scores[c].toFixed(2), ok: r.lighthouse.scores[c] >= min },
});
const metric = (m: Metric, head: string, max: number | null, show: (v: number) => string): Column => ({
  head,
  goal: max === null ? '—' : `≤ ${show(max)}`,
  cell: (r) =>
    r.lighthouse && {
      text: show(r.lighthouse.metrics[m]),
      ok: max === null ? null : r.lighthouse.metrics[m] <= max,
    },
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;

/** The goals of issues 11 and 21 (TBT ≤ 150 ms on the calibrated phone), one column each. */
const COLUMNS: Column[] = [
  score('performance', 0.98),
  score('accessibility', 0.95),
  score('best-practices', 1),
  score('seo', 1),
  metric('fcp', 'FCP', null, seconds),
  metric('lcp', 'LCP', 1800, seconds),
  metric('tbt', 'TBT', 150, millis),
  metric('cls', 'CLS', 0.02, (v) => v.toFixed(3)),
  {
    head: 'JS KB',
    goal: `≤ ${HOME_JS_KB}/${ROUTE_JS_KB}`,
    cell: (r) =>
      r.firstLoadJsKb === undefined
        ? undefined
        : { text: r.firstLoadJsKb.toFixed(1), ok: r.firstLoadJsKb <= jsBudget(r) },
  },
  {
    head: 'CPU index ÷ slowdown',
    goal: '≈ 500',
    cell: (r) => {
      if (!r.lighthouse) return undefined;
      const index = median(r.lighthouse.runs.map((x) => x.benchmarkIndex));
      const slowdown = median(r.lighthouse.runs.map((x) => x.cpuSlowdown));
      return { text: `${index.toFixed(0)} ÷ ${slowdown.toFixed(2)}`, ok: null };
    },
  },
  {
    head: 'axe s+c (elements)',
    goal: '0',
    cell: (r) => r.axe && { text: `${r.axe.length} (${countTargets(r.axe)})`, ok: r.axe.length === 0 },
  },
];

/**
 * One row per page, each figure beside the goal row above it (✗ marks a miss), then per page the
 * runs behind the medians and Lighthouse's CPU benchmark index of each run. Answers whether every
 * figure meets its goal.
 */
export function printPageTable(results: PageResult[], runs: number): boolean {
  const hasLighthouse = results.some((r) => r.lighthouse);
  const columns = COLUMNS.filter((c) => results.some((r) => c.cell(r) !== undefined));
  const rows = results.map((r) => columns.map((c) => c.cell(r)));
  const nameWidth = Math.max(4, ...results.map((r) => `${r.name} ${r.path}`.length)) + 2;
  const widths = columns.map((c, i) =>
    Math.max(c.head.length, c.goal.length, ...rows.map((row) => (row[i]?.text.length ?? 1) + 2)),
  );
  const line = (first: string, cells: string[]) =>
    `${first.padEnd(nameWidth)}${cells.map((c, i) => c.padStart(widths[i] + 2)).join('')}`;

  console.info(
    `\n${hasLighthouse ? `Lighthouse 12, mobile, simulated slow 4G and a CPU slowdown calibrated to a phone of index ${TARGET_PHONE_INDEX}, median of ${runs} runs${warmFirst ? ' after one unmeasured run' : ' on a cold portal'}; ` : ''}` +
      'axe WCAG 2.1 A/AA at 390×844. JS KB: first load, gzip, home ≤ 110, others ≤ 130. First visit, fresh profile. ✗ = misses its goal',
  );
  console.info(
    line(
      'page',
      columns.map((c) => c.head),
    ),
  );
  console.info(
    line(
      'goal',
      columns.map((c) => c.goal),
    ),
  );
  let allOk = true;
  results.forEach((r, i) => {
    const cells = rows[i].map((cell) => {
      if (!cell) return '-';
      if (cell.ok === false) allOk = false;
      return cell.ok === false ? `${cell.text} ✗` : `${cell.text}  `;
    });
    console.info(line(`${r.name} ${r.path}`, cells));
  });

  if (hasLighthouse) {
    console.info(
      '\nruns behind the medians (index = Lighthouse CPU benchmark index measured in that run; ' +
        'slowdown = the CPU slowdown it simulated, that index ÷ 500):',
    );
    const indexes: number[] = [];
    const warnings = new Set<string>();
    for (const r of results) {
      if (!r.lighthouse) continue;
      const rs = r.lighthouse.runs;
      indexes.push(...rs.map((x) => x.benchmarkIndex));
      for (const x of rs) for (const w of x.warnings) warnings.add(w);
      const join = (f: (x: (typeof rs)[number]) => string) => rs.map(f).join(' / ');
      console.info(
        `  ${r.name.padEnd(nameWidth - 2)}index ${join((x) => x.benchmarkIndex.toFixed(0))}` +
          `   slowdown ${join((x) => `${x.cpuSlowdown.toFixed(2)}×${x.benchmarkIndex < TARGET_PHONE_INDEX ? '*' : ''}`)}` +
          `   perf ${join((x) => x.scores.performance.toFixed(2))}` +
          `   LCP ${join((x) => (x.metrics.lcp / 1000).toFixed(2))} s` +
          `   TBT ${join((x) => Math.round(x.metrics.tbt).toString())} ms` +
          `   load average ${join((x) => x.loadAverage.toFixed(1))}`,
      );
    }
    const sorted = [...indexes].sort((a, b) => a - b);
    console.info(
      `  benchmarkIndex over all ${sorted.length} runs: median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)}, ` +
        `min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)}`,
    );
    const slower = indexes.filter((i) => i < TARGET_PHONE_INDEX).length;
    if (slower > 0)
      console.info(
        `  * ${slower} of ${indexes.length} runs found the machine slower than the target phone (index < ${TARGET_PHONE_INDEX}): ` +
          'they ran unthrottled and emulate a slower phone; their figures are pessimistic (rerun on a quieter machine)',
      );
    for (const w of warnings) console.info(`  lighthouse warning: ${w}`);
  }

  const withAxe = results.filter((r) => r.axe && r.axe.length > 0);
  if (withAxe.length > 0) {
    console.info('\naxe serious/critical by rule (elements):');
    for (const r of withAxe) {
      const rules = (r.axe ?? []).map((v) => `${v.rule} [${v.impact}] ×${v.targets.length}`).join(', ');
      console.info(`  ${r.name.padEnd(nameWidth - 2)}${rules}`);
    }
  }
  return allOk;
}
