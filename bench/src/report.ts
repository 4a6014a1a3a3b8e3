export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget and which way is good. */
  budget: number;
  better: 'lower' | 'higher';
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 10 ? 2 : 1));

/** Prints each figure next to its budget; answers whether all are within. */
export function printFigures(figures: Figure[]): boolean {
  const rows = figures.map((f) => {
    const ok = f.better === 'lower' ? f.value <= f.budget : f.value >= f.budget;
    return { ...f, ok };
  });
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  console.info(`\n${'figure'.padEnd(width)}${'measured'.padStart(14)}${'budget'.padStart(16)}  result`);
  for (const r of rows) {
    const budget = `${r.better === 'lower' ? '≤' : '≥'} ${fmt(r.budget)} ${r.unit}`;
    console.info(
      `${r.name.padEnd(width)}${`${fmt(r.value)} ${r.unit}`.padStart(14)}${budget.padStart(16)}  ${r.ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  return rows.every((r) => r.ok);
}

export interface Comparison {
  name: string;
  ours: { rps: number; p99: number };
  baseline: { rps: number; p99: number };
  /** The least ours/baseline req/s ratio that is within budget. */
  budget: number;
}

/** Our figures next to the bare-stack baseline's, with the req/s ratio against its budget. */
export function printComparison(rows: Comparison[]): boolean {
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  const head = ['ours req/s', 'ours p99', 'base req/s', 'base p99', 'ours/base', 'budget'];
  console.info(`\n${'vs baseline'.padEnd(width)}${head.map((h) => h.padStart(12)).join('')}  result`);
  let allOk = true;
  for (const r of rows) {
    const ratio = r.ours.rps / r.baseline.rps;
    const ok = ratio >= r.budget;
    allOk &&= ok;
    const cells = [
      fmt(r.ours.rps),
      `${fmt(r.ours.p99)} ms`,
      fmt(r.baseline.rps),
      `${fmt(r.baseline.p99)} ms`,
      ratio.toFixed(2),
      `≥ ${r.budget}`,
    ];
    console.info(
      `${r.name.padEnd(width)}${cells.map((c) => c.padStart(12)).join('')}  ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  return allOk;
}
