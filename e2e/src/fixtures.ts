import fs from 'node:fs';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchPhone } from './browser.ts';
import { troubleIn } from './server.ts';

export const baseUrl = () => inject('baseUrl');

let counter = 0;
/** A login name no other test uses. */
export const uniqueName = (prefix = 'e2e') =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 20);

/** A phone number no other test uses (valid: 1[3-9] + 9 digits). */
export const uniquePhone = () => `139${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 11);

/**
 * A fresh Chromium profile per test file at 390×844, with a page that fails the file on any
 * uncaught page error or `console.error`, and on any warning or error the shared portal logged
 * meanwhile. The browser's own note on a 4xx answer ("Failed to load resource") is not an error:
 * the app handles those. `allowConsole` lists messages a file provokes on purpose.
 */
export function usePhone(options: { allowConsole?: RegExp[] } = {}) {
  const state = {} as { page: Page; errors: string[]; close: () => Promise<void> };
  let logOffset = 0;
  beforeAll(async () => {
    const portalLog = inject('portalLog');
    logOffset = fs.existsSync(portalLog) ? fs.statSync(portalLog).size : 0;
    const phone = await launchPhone();
    state.page = phone.context.pages()[0] ?? (await phone.context.newPage());
    state.errors = [];
    state.page.on('pageerror', (e) => state.errors.push(e.message));
    state.page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      if (options.allowConsole?.some((allowed) => allowed.test(text))) return;
      state.errors.push(`console.error: ${text} (${message.location().url})`);
    });
    state.close = phone.close;
  });
  afterAll(async () => {
    await state.close();
    expect(state.errors, 'uncaught errors and console errors in the page').toEqual([]);
    expect(troubleIn(inject('portalLog'), logOffset), 'warnings and errors the portal logged').toEqual([]);
  });
  return state;
}

/**
 * Forgets everything the browser kept for the portal (storage, cookies), so that a test starts
 * from what it sets up itself and not from what the test before it left.
 */
export async function clearBrowser(page: Page) {
  // A same-origin page without the app, so nothing writes to storage while it is cleared.
  await page.goto(`${baseUrl()}/api/health`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

/** A guest with nothing stored and the bulletin dismissed for today, at `path`. */
export async function asGuest(page: Page, path = '/') {
  await clearBrowser(page);
  await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
  await page.goto(`${baseUrl()}${path}`);
}

/** The latest SMS code for a phone, from the dev inbox (DESIGN §4). */
export async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseUrl()}/api/v1/dev/sms/latest?phone=${phone}`);
    const body = (await res.json()) as { data: { code: string | null } };
    if (body.data?.code) return body.data.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** Registers through the API (fast set-up for tests that are not about registration). */
export async function apiRegister(loginName = uniqueName(), password = 'secret123') {
  const res = await fetch(`${baseUrl()}/api/user/registerWithName`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ appID: String(PORTAL_APP_ID), loginName, password }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (body.code !== 0) throw new Error(`register failed: ${body.msg}`);
  return { ...(body.data as { uid: string; token: string; name: string }), loginName, password };
}

/**
 * Starts from a clean browser and puts an account into storage as the app persists it, then
 * opens `path`: logged in without the UI.
 */
export async function loginAs(page: Page, account: Record<string, unknown>, path = '/') {
  await clearBrowser(page);
  await page.evaluate((acc) => {
    localStorage.setItem('ld-account', JSON.stringify({ state: { account: acc }, version: 1 }));
    // The bulletin is not what these tests look at.
    localStorage.setItem(`${acc.uid}:not-show`, String(Date.now()));
  }, account);
  await page.goto(`${baseUrl()}${path}`);
}
