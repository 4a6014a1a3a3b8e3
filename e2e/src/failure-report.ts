import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a failed end-to-end test leaves in the log: for every browser the test file still has open,
 * each page's address, the dialogs, form errors, notices and toasts on screen, the last answers
 * the page had from `/api`, and a screenshot (under `e2e/.artifacts/failures/`). A clean-clone
 * run's log is often all there is of a failure that does not happen here, and a refused save
 * (a 4xx) leaves no console error, since the console check ignores those (desktop.ts).
 */

type Answer = { at: number; line: string };

const watched = new Map<BrowserContext, Map<Page, Answer[]>>();
const KEPT = 15;
const ARTIFACTS = path.resolve(import.meta.dirname, '../.artifacts/failures');
/**
 * Every report of the run, appended: `npm test` prints the first one again at its very end, where a
 * CI log that keeps only its tail still shows it (scripts/test.mjs).
 */
const REPORTS_FILE = path.join(ARTIFACTS, 'reports.txt');

/** Starts keeping a browser's recent API answers for the report (browser.ts calls it for every browser). */
export function watchForReport(context: BrowserContext): void {
  const pages = new Map<Page, Answer[]>();
  watched.set(context, pages);
  const watch = (page: Page) => {
    const answers: Answer[] = [];
    pages.set(page, answers);
    page.on('close', () => pages.delete(page));
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      const answer = {
        at: Date.now(),
        line: `${response.status()} ${response.request().method()} ${url.pathname}${url.search}`,
      };
      answers.push(answer);
      if (answers.length > KEPT) answers.shift();
      // A refused call says why in its envelope, a write what it did: worth its first line.
      if (response.status() >= 400 || response.request().method() !== 'GET')
        void response.text().then(
          (body) => {
            answer.line += ` ${body.slice(0, 160)}`;
          },
          () => {},
        );
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

export function forgetForReport(context: BrowserContext): void {
  watched.delete(context);
}

const ON_SCREEN = [
  '[role="dialog"]',
  '[role="alert"]',
  '.ant-form-item-explain-error',
  '.ant-notification-notice',
  '.ant-message-notice',
  '.adm-toast-main',
].join(', ');

/**
 * What the text on screen does not show: what each field of the forms holds, which select lists
 * are open and where the focus is. A test that times out says nothing of the step it was on; these
 * tell whether it had typed, chosen or was waiting for a list to open. Runs in the page.
 */
function describeForms(): string[] {
  const lines: string[] = [];
  const labelOf = (field: Element) => {
    const id = field.getAttribute('id');
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return (
      label?.textContent ??
      field.getAttribute('aria-label') ??
      field.getAttribute('name') ??
      id ??
      '?'
    ).trim();
  };
  for (const field of Array.from(document.querySelectorAll('form input, form textarea'))) {
    const input = field as HTMLInputElement;
    if (input.type === 'hidden') continue;
    const shown =
      input.type === 'password'
        ? `${input.value.length} characters`
        : JSON.stringify(input.value.slice(0, 60));
    const chosen = input.closest('.ant-select')?.querySelector('.ant-select-selection-item')?.textContent;
    lines.push(`field ${labelOf(input)}: ${shown}${chosen ? ` (chosen: ${chosen})` : ''}`);
  }
  const open = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  if (open.length)
    lines.push(
      `select lists open: ${open.map((list) => (list.textContent ?? '').trim().slice(0, 80) || '(empty)').join(' | ')}`,
    );
  const active = document.activeElement;
  if (active && active !== document.body)
    lines.push(`focus: <${active.tagName.toLowerCase()}> ${labelOf(active)}`);
  return lines;
}

/** A page whose main thread is stuck must not hold the report up. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** Prints the report for a failed test (report-failures.ts); never throws. */
export async function reportOpenPages(testName: string, file = ''): Promise<void> {
  const lines: string[] = [
    `── what the browser showed when ${file ? `${file} > ` : ''}"${testName}" failed ──`,
  ];
  let n = 0;
  for (const pages of watched.values()) {
    for (const [page, answers] of pages) {
      n += 1;
      try {
        lines.push(`page ${n}: ${page.url()}`);
        const texts = await within(5_000, page.locator(ON_SCREEN).allInnerTexts());
        for (const text of texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))
          lines.push(`  on screen: ${text.slice(0, 300)}`);
        const state = await within(5_000, page.evaluate(describeForms));
        for (const line of state) lines.push(`  ${line}`);
        for (const answer of answers)
          lines.push(`  api ${new Date(answer.at).toISOString().slice(11, 23)} ${answer.line}`);
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const file = path.join(
          ARTIFACTS,
          `${testName.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(0, 80)}-${n}.png`,
        );
        await page.screenshot({ path: file, timeout: 5_000 });
        lines.push(`  screenshot: ${file}`);
      } catch (error) {
        lines.push(`  (report cut short: ${error instanceof Error ? error.message.split('\n')[0] : error})`);
      }
    }
  }
  if (n === 0) lines.push('no browser open');
  console.error(lines.join('\n'));
  try {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.appendFileSync(REPORTS_FILE, `${lines.join('\n')}\n\n`);
  } catch {
    // The log above has it.
  }
}
