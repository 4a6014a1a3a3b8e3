import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchPhone } from './browser.ts';

export const baseUrl = () => inject('baseUrl');

let counter = 0;
/** A login name no other test uses. */
export const uniqueName = (prefix = 'e2e') =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 20);

/** A phone number no other test uses (valid: 1[3-9] + 9 digits). */
export const uniquePhone = () => `139${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 11);

/**
 * A fresh Chromium profile per test file at 390×844, with a page that fails the test on any
 * uncaught page error. `errors` collects them for the assertion at the end.
 */
export function usePhone() {
  const state = {} as { page: Page; errors: string[]; close: () => Promise<void> };
  beforeAll(async () => {
    const phone = await launchPhone();
    state.page = phone.context.pages()[0] ?? (await phone.context.newPage());
    state.errors = [];
    state.page.on('pageerror', (e) => state.errors.push(e.message));
    state.close = phone.close;
  });
  afterAll(async () => {
    expect(state.errors, 'uncaught errors in the page').toEqual([]);
    await state.close();
  });
  return state;
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
    body: new URLSearchParams({ appID: '2008', loginName, password }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (body.code !== 0) throw new Error(`register failed: ${body.msg}`);
  return { ...(body.data as { uid: string; token: string; name: string }), loginName, password };
}

/** Puts an account into the page's storage as the app persists it, then reloads: logged in without the UI. */
export async function loginAs(page: Page, account: Record<string, unknown>) {
  await page.goto(`${baseUrl()}/`);
  await page.evaluate((acc) => {
    localStorage.setItem('ld-account', JSON.stringify({ state: { account: acc }, version: 1 }));
    // The bulletin is not what these tests look at.
    localStorage.setItem(`${acc.uid}:not-show`, String(Date.now()));
  }, account);
  await page.reload();
}
