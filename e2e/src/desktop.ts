import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchPhone } from './browser.ts';
import { baseUrl } from './fixtures.ts';
import { troubleIn } from './server.ts';

// The operator console in a desktop browser (1280×800), beside `usePhone()` for the portal.

export const DESKTOP = { width: 1280, height: 800 };
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/**
 * A fresh Chromium profile at 1280×800 for the file, failing it on an uncaught page error or a
 * `console.error` (the browser's own note on a 4xx answer aside: the console handles those), and
 * on any warning or error the shared portal logged meanwhile — as `usePhone()` does.
 */
export function useDesktop(options: { allowConsole?: RegExp[]; timezoneId?: string } = {}) {
  const state = {} as {
    page: Page;
    errors: string[];
    close: () => Promise<void>;
    newPage: () => Promise<Page>;
  };
  let logOffset = 0;
  beforeAll(async () => {
    const portalLog = inject('portalLog');
    logOffset = fs.existsSync(portalLog) ? fs.statSync(portalLog).size : 0;
    const desktop = await launchDesktop({ timezoneId: options.timezoneId });
    state.errors = [];
    const watch = (page: Page) => {
      page.on('pageerror', (e) => state.errors.push(e.message));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        if (options.allowConsole?.some((allowed) => allowed.test(text))) return;
        state.errors.push(`console.error: ${text} (${message.location().url})`);
      });
      return page;
    };
    state.page = watch(desktop.context.pages()[0] ?? (await desktop.context.newPage()));
    state.newPage = async () => watch(await desktop.context.newPage());
    state.close = desktop.close;
  });
  afterAll(async () => {
    await state.close();
    expect(state.errors, 'uncaught errors and console errors in the page').toEqual([]);
    expect(troubleIn(inject('portalLog'), logOffset), 'warnings and errors the portal logged').toEqual([]);
  });
  return state;
}

/**
 * A desktop Chromium for the console. It asks for reduced motion, which the console honours
 * (antd's motion off): a dialog's controls stand still the moment it opens, so a click never lands
 * on a checkbox still zooming in (the press on it, the release beside it: no click). The motion
 * itself is covered in admin-console.test.ts.
 */
export function launchDesktop(
  options: { reducedMotion?: 'reduce' | 'no-preference'; timezoneId?: string } = {},
) {
  return launchPhone({
    viewport: DESKTOP,
    userAgent: DESKTOP_AGENT,
    reducedMotion: options.reducedMotion ?? 'reduce',
    timezoneId: options.timezoneId,
  });
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Creates an operator the way a newcomer does: `npm run admin:create -- --name N --role R
 * --password-stdin`, against the shared portal's database. Answers what the command printed.
 */
export function createOperatorByCommand(name: string, role: string, password: string): string {
  const result = spawnSync(
    'npm',
    ['run', '-s', 'admin:create', '--', '--name', name, '--role', role, '--password-stdin'],
    {
      cwd: ROOT,
      input: `${password}\n`,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: inject('portalDataDir'), DATABASE_URL: '', SCRYPT_LOG_N: '14' },
    },
  );
  if (result.status !== 0)
    throw new Error(`admin:create failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** The 6-digit code an authenticator shows for a base32 secret, `stepOffset` 30-second steps from now (RFC 6238). */
export function totpCode(secretBase32: string, stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepOffset));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The secret the enrolment shows, as an operator types it into an authenticator: printed in groups
 * of four ("ABCD EFGH …", 32 letters), read without the spaces.
 */
export async function shownTotpSecret(page: Page): Promise<string> {
  const secretText = page.getByTestId('totp-secret');
  await expect.poll(() => secretText.textContent()).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  return ((await secretText.textContent()) ?? '').replaceAll(' ', '');
}

/** Opens the console's login and signs in with name and password (the two-factor step, if any, is the caller's). */
export async function consoleLogin(page: Page, name: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/admin/login`);
  await page.getByLabel('操作员名').fill(name);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/**
 * Picks `text` in the open antd Select dropdown. (antd also renders a hidden list of role=option
 * elements for screen readers; the visible items are the ones a person clicks.)
 */
export async function chooseOption(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: text,
    })
    .first()
    .click();
}

/**
 * Holds each answer to `url` for `ms` before it reaches the page, so a test can look at a button
 * while its call is on its way. `sent()` counts the requests; `release()` lets answers through
 * again.
 */
export async function holdAnswers(page: Page, url: string, ms: number) {
  let sent = 0;
  let holding = true;
  const held = new Set<Promise<void>>();
  await page.route(url, async (route) => {
    if (!holding) return route.fallback();
    sent += 1;
    const answered = (async () => {
      const answer = await route.fetch().catch(() => null);
      if (!answer) return void (await route.abort().catch(() => {}));
      await new Promise((resolve) => setTimeout(resolve, ms));
      // The page may have gone on meanwhile (a navigation cancels its calls): nobody waits then.
      await route.fulfill({ response: answer }).catch(() => {});
    })();
    held.add(answered);
    await answered.finally(() => held.delete(answered));
  });
  return {
    sent: () => sent,
    /** Lets the answers held so far arrive, then stops holding (later calls pass at once). */
    release: async () => {
      holding = false;
      while (held.size > 0) await Promise.all(held);
      await page.unroute(url);
    },
  };
}
