import fs from 'node:fs';
import os from 'node:os';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { launchDebuggableChromium } from './chromium.ts';
import { slowdownFor } from './cpu-calibration.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
export type Metric = keyof typeof METRICS;

/** What one Lighthouse run reports that the bench prints. Times in ms. */
export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Lighthouse's CPU speed estimate of this machine, measured at the start of the run. */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated: benchmarkIndex ÷ 500, or BENCH_CPU_SLOWDOWN. */
  cpuSlowdown: number;
  /** The machine's 1-minute load average as the run started (2 cores shared with other work). */
  loadAverage: number;
  warnings: string[];
}

/** Lighthouse loaded the page but could not measure it (its `runtimeError`). */
class LighthouseRuntimeError extends Error {}

/** The slowdown of the bench's previous run (Lighthouse's default for the first). */
let lastSlowdown = 4;

/**
 * One Lighthouse 12 run with its defaults (mobile form factor and screen, simulated throttling on
 * slow 4G) except the CPU slowdown, calibrated to the target phone from the benchmark index
 * Lighthouse measured in this very run (cpu-calibration.ts; decision 0025, addendum): the run is
 * gathered once, unthrottled as simulation always is, and its artifacts are then audited with
 * slowdown = index ÷ 500. In a Chromium of its own on a fresh profile. With `htmlReport`, the
 * run's full report is written there too (which audits failed, the trace's LCP element, …).
 */
export async function runLighthouse(url: string, htmlReport?: string): Promise<LighthouseRun> {
  const loadAverage = os.loadavg()[0];
  const chromium = await launchDebuggableChromium();
  try {
    const { artifacts, runnerOptions } = await navigationGather(undefined, url, {
      flags: {
        port: chromium.port,
        output: htmlReport ? 'html' : 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        throttling: { cpuSlowdownMultiplier: lastSlowdown },
      },
    });
    const benchmarkIndex = artifacts.BenchmarkIndex;
    const cpuSlowdown = slowdownFor(benchmarkIndex);
    // Simulation reads the slowdown when it audits: the gathered trace is the unthrottled load.
    // New objects rather than a mutation: the computed-artifact cache holds the gather's settings as keys.
    const { settings } = runnerOptions.resolvedConfig;
    const resolvedConfig = {
      ...runnerOptions.resolvedConfig,
      settings: { ...settings, throttling: { ...settings.throttling, cpuSlowdownMultiplier: cpuSlowdown } },
    };
    // Lighthouse refuses artifacts gathered under other settings, because under DevTools
    // throttling the slowdown shapes the trace. Under simulation the gather used it only for its
    // requestIdleCallback shim (deadlines ÷ slowdown), given the previous run's value, so close.
    const result = await Runner.audit(
      { ...artifacts, settings: resolvedConfig.settings },
      { ...runnerOptions, resolvedConfig },
    );
    lastSlowdown = cpuSlowdown;
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (htmlReport) fs.writeFileSync(htmlReport, String(result.report));
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse ${url}: ${lhr.runtimeError.code}`);
    const applied = lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (applied !== cpuSlowdown)
      throw new Error(`lighthouse ${url}: asked for ${cpuSlowdown}× CPU, ran ${applied}×`);
    const scores = {} as Record<Category, number>;
    for (const c of CATEGORIES) {
      const score = lhr.categories[c]?.score;
      if (typeof score !== 'number') throw new Error(`lighthouse ${url}: no ${c} score`);
      scores[c] = score;
    }
    const metrics = {} as Record<Metric, number>;
    for (const [key, audit] of Object.entries(METRICS) as Array<[Metric, string]>) {
      const value = lhr.audits[audit]?.numericValue;
      if (typeof value !== 'number') throw new Error(`lighthouse ${url}: no ${audit}`);
      metrics[key] = value;
    }
    return {
      scores,
      metrics,
      benchmarkIndex,
      cpuSlowdown,
      loadAverage,
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    await chromium.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export interface LighthouseSummary {
  /** Each score and metric is the median of its own values over the runs. */
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  runs: LighthouseRun[];
}

/**
 * Whether each page is measured against a portal that has served it once (the default), or cold
 * (BENCH_LIGHTHOUSE_COLD=1, for comparison).
 */
export const warmFirst = process.env.BENCH_LIGHTHOUSE_COLD !== '1';

/**
 * `runs` Lighthouse runs of one page, one after the other (never in parallel: they share 2 cores).
 * A run whose trace failed (Lighthouse says "run Lighthouse again", e.g. NO_NAVSTART on a busy
 * machine) is repeated, at most twice per page, and says so. Reports go to `<reportPrefix>-<n>.html`.
 *
 * Before them, one run whose figures are dropped: the page's first request to the bench's newly
 * started portal does the server's one-off work for it (the page's render path compiled, each
 * picture's width encoded and kept on disk for every later visitor), which a deployed portal did
 * long before, and Lighthouse's simulation charges the server time it observed to every request
 * of the simulated phone (docs/decisions/0050-one-rendering-path.md, 2026-12-01, later). Every
 * measured run is still a first visit on a fresh profile.
 */
export async function measureLighthouse(
  url: string,
  runs: number,
  reportPrefix?: string,
): Promise<LighthouseSummary> {
  if (warmFirst) {
    try {
      await runLighthouse(url);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError)) throw error;
    }
  }
  const results: LighthouseRun[] = [];
  let retries = 2;
  while (results.length < runs) {
    try {
      const n = results.length + 1;
      results.push(await runLighthouse(url, reportPrefix && `${reportPrefix}-${n}.html`));
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || retries-- === 0) throw error;
      console.info(`  ${error.message}; running it again`);
    }
  }
  const scores = {} as Record<Category, number>;
  for (const c of CATEGORIES) scores[c] = median(results.map((r) => r.scores[c]));
  const metrics = {} as Record<Metric, number>;
  for (const m of Object.keys(METRICS) as Metric[]) metrics[m] = median(results.map((r) => r.metrics[m]));
  return { scores, metrics, runs: results };
}
