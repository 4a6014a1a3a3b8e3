// Counting for the closing line of `npm test`: passed, failed, and skipped with the reason.

/**
 * Which service a skipped test was waiting for. The server tests name their suites after it:
 * `… on postgres` (describeDialects) and `… Redis …` (the Redis suites).
 */
export const SERVICE_PATTERNS = { PostgreSQL: /\bpostgres(ql)?\b/i, Redis: /\bredis\b/i };

export function emptyTotals() {
  return { passed: 0, failed: 0, skipped: 0, skippedBy: {}, unexplained: [], brokenFiles: [] };
}

/**
 * Adds one vitest JSON report to `totals`. `servicesOff` maps a service name to the reason it is
 * off on this run; a skipped test is put down to the first such service its name mentions, and
 * any other skip is listed by name (a skip nobody can explain is worth a look).
 */
export function addReport(totals, report, servicesOff = {}) {
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    // A file can fail outside its tests (an import, a hook): count it, or the line would read 0 failed.
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      totals.failed += 1;
      totals.brokenFiles.push(file.name);
    }
    for (const test of tests) {
      if (!['skipped', 'pending', 'todo'].includes(test.status)) continue;
      totals.skipped += 1;
      const service = Object.keys(servicesOff).find((name) => SERVICE_PATTERNS[name]?.test(test.fullName));
      if (service) totals.skippedBy[service] = (totals.skippedBy[service] ?? 0) + 1;
      else totals.unexplained.push(test.fullName);
    }
  }
  return totals;
}

/** `N passed, N failed, N skipped (N PostgreSQL cases: why; …)`. */
export function closingLine(totals, servicesOff = {}) {
  let line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
  const reasons = Object.entries(totals.skippedBy).map(
    ([service, n]) => `${n} ${service} case${n === 1 ? '' : 's'}: ${servicesOff[service]}`,
  );
  if (totals.unexplained.length > 0) {
    const n = totals.unexplained.length;
    reasons.push(
      `${n} marked skip or todo in the code: ${totals.unexplained.slice(0, 3).join('; ')}${n > 3 ? '; …' : ''}`,
    );
  }
  if (reasons.length > 0) line += ` (${reasons.join('; ')})`;
  return line;
}
