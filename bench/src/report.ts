export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget and which way is good. */
  budget: number;
  better: 'lower' | 'higher';
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

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
