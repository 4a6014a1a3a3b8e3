import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rule sets of issue 11: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail the goal (0 of each); minor and moderate findings are not counted. */
const FAILING = new Set(['serious', 'critical']);

export interface AxeViolation {
  /** axe rule id, e.g. `color-contrast`. */
  rule: string;
  impact: 'serious' | 'critical';
  help: string;
  helpUrl: string;
  /** One line per failing element: its CSS selector and what axe says is wrong with it. */
  targets: string[];
}

/**
 * Scans what the page shows now (open dialogs and toasts included) with axe-core's WCAG 2.1 A/AA
 * rules and answers the serious and critical violations. The caller decides when the page is
 * ready: after navigation, after a dialog opened, after data arrived (`settle`). Animations are
 * held still while it reads.
 */
export async function scanAccessibility(
  page: Page,
  options: { include?: string; exclude?: string[] } = {},
): Promise<AxeViolation[]> {
  // Only violations are read here: axe then builds a selector and an HTML excerpt for the first
  // passing node of each rule, not for every one (its `resultTypes` option), which on a long page
  // is most of a scan's time. Every rule still runs on every node.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // Frozen while axe reads the page: a notice that starts fading out in the middle of a scan (its
  // timer ran out) keeps its first frame instead of being judged half transparent. One that began
  // fading in or out since the page settled (between `settle` and the scan: a toast whose time ran
  // out while a screenshot was taken) is judged as it ends, never half way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  try {
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        const finite = animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY;
        const started = (Number(animation.currentTime) || 0) > 0;
        if (finite && started && animation.playState !== 'finished') animation.finish();
      }
    });
    results = await builder.analyze();
  } finally {
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
  return results.violations
    .filter((v) => v.impact && FAILING.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact as AxeViolation['impact'],
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map(
        (node) => `${node.target.map(String).join(' >>> ')}  ${summary(node.failureSummary)}`,
      ),
    }));
}

/**
 * Waits until the page has gone `quietMs` with no request in flight and no DOM change (data
 * arrived, images loaded, popups finished animating in) and no finite animation runs, so a scan
 * judges the frame a user reads. `networkidle` alone is not enough on a busy machine: a long
 * script can leave the network quiet for 500 ms before the page asks for its data. Answers false if that never happened
 * within `timeoutMs` (a page that animates forever); the caller decides whether that matters.
 */
export async function settle(page: Page, { quietMs = 1000, timeoutMs = 20_000 } = {}): Promise<boolean> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const mutations = () =>
      page.evaluate(() => {
        const w = window as unknown as { __settleMutations?: number };
        if (w.__settleMutations === undefined) {
          w.__settleMutations = 0;
          new MutationObserver(() => {
            w.__settleMutations = (w.__settleMutations ?? 0) + 1;
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        }
        return w.__settleMutations;
      });
    // A popup or notice still fading in or out (its text half transparent) is not the frame a user
    // reads; spinners and other endless animations do not count.
    const animating = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .some(
            (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
          ),
      );
    let seen = await mutations();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      const now = await mutations();
      if (now !== seen) {
        seen = now;
        lastActivity = Date.now();
      }
      if (inFlight === 0 && Date.now() - lastActivity >= quietMs && !(await animating())) return true;
    }
    return false;
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The first reason axe gives, on one line (its summary starts with "Fix any/all of the following:"). */
function summary(failureSummary: string | undefined): string {
  const lines = (failureSummary ?? '').split('\n').map((l) => l.trim());
  return lines.find((l) => l !== '' && !l.startsWith('Fix ')) ?? '';
}

/** The number of failing elements over all violations. */
export const countTargets = (violations: AxeViolation[]): number =>
  violations.reduce((n, v) => n + v.targets.length, 0);

/**
 * A readable report for a test failure message or a log: one block per rule, one line per element.
 * Empty when there is nothing to report, so `expect(formatViolations(v)).toBe('')` shows it all.
 */
export function formatViolations(violations: AxeViolation[], where = ''): string {
  return violations
    .map((v) => {
      const head = `${where ? `${where}: ` : ''}[${v.impact}] ${v.rule}: ${v.help} (${v.targets.length} elements, ${v.helpUrl})`;
      return [head, ...v.targets.map((t) => `  - ${t}`)].join('\n');
    })
    .join('\n');
}
