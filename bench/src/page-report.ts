import { type AxeViolation, countTargets } from '../../e2e/src/axe.ts';
import type { Category, LighthouseSummary, Metric } from './lighthouse.ts';

export interface PageResult {
  name: string;
  path: string;
  lighthouse?: LighthouseSummary;
  axe?: AxeViolation[];
}

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

/** The goals of issue 11, one column each. */
const COLUMNS: Column[] = [
  score('performance', 0.98),
  score('accessibility', 0.95),
  score('best-practices', 1),
  score('seo', 1),
  metric('fcp', 'FCP', null, seconds),
  metric('lcp', 'LCP', 1800, seconds),
  metric('tbt', 'TBT', 100, millis),
  metric('cls', 'CLS', 0.02, (v) => v.toFixed(3)),
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
    `\n${hasLighthouse ? `Lighthouse 12, mobile, simulated throttling (defaults), median of ${runs} runs; ` : ''}` +
      'axe WCAG 2.1 A/AA at 390×844. First visit, fresh profile. ✗ = misses its goal',
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
    console.info('\nruns behind the medians (benchmarkIndex = Lighthouse CPU index of that run):');
    const indexes: number[] = [];
    const warnings = new Set<string>();
    for (const r of results) {
      if (!r.lighthouse) continue;
      const rs = r.lighthouse.runs;
      indexes.push(...rs.map((x) => x.benchmarkIndex));
      for (const x of rs) for (const w of x.warnings) warnings.add(w);
      const join = (f: (x: (typeof rs)[number]) => string) => rs.map(f).join(' / ');
      console.info(
        `  ${r.name.padEnd(nameWidth - 2)}benchmarkIndex ${join((x) => x.benchmarkIndex.toFixed(0))}` +
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
