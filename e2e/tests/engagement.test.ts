import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// Issue 10 §2, §3: a new user checks in from the home banner and sees the reward in the statement;
// reading chapters and posting fill an activity's tasks, whose rewards 领取 credits once.

type Account = Awaited<ReturnType<typeof apiRegister>>;

async function get<T>(url: string, account?: Account): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    headers: account ? { uid: account.uid, token: account.token } : {},
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

async function balanceOf(account: Account): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/user/center/me`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      uid: account.uid,
      token: account.token,
    },
    body: new URLSearchParams({ appID: '2008', uid: account.uid }),
  });
  return ((await res.json()) as { data: { coinNum: number } }).data.coinNum;
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });
const pathname = (page: Page) => new URL(page.url()).pathname;

/** The statement (收支明细) on the recharge page, newest first. */
async function statementRows(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl()}/recharge`);
  await page.locator('.wallet-row__title').first().waitFor();
  return page.locator('.wallet-row__title').allTextContents();
}

describe('check-in and the activity centre at 390×844', () => {
  const phone = usePhone();

  it('home banner → 签到 → the balance grows and the statement shows 签到第1天', async () => {
    const { page } = phone;
    const account = await apiRegister();
    await loginAs(page, account, '/');
    await page.locator('a[href="/checkin"]').first().click();
    await expect.poll(() => pathname(page)).toBe('/checkin');
    await visible(page, '已连续签到').waitFor();
    expect(await page.locator('.checkin-day').count()).toBe(7);
    expect(await page.locator('.checkin-day.is-today .checkin-day__name').textContent()).toBe('第1天');

    await page.getByRole('button', { name: '签到', exact: true }).click();
    await visible(page, '签到成功，蓝钻 +10').waitFor();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    expect(await page.getByRole('button', { name: '今日已签到' }).isDisabled()).toBe(true);
    expect(await page.locator('.checkin-day.is-done').count()).toBe(1);
    await expect.poll(() => page.locator('.checkin-month__day.is-checked').count()).toBe(1);
    expect(await balanceOf(account)).toBe(10);

    expect((await statementRows(page))[0]).toBe('签到第1天');
    await expect.poll(() => page.locator('.recharge__coins').textContent()).toBe('10');
  });

  it('shows a guest the rewards and 登录后签到', async () => {
    const { page } = phone;
    await asGuest(page, '/checkin');
    const login = page.getByRole('link', { name: '登录后签到' });
    await login.waitFor();
    expect(await page.locator('.checkin-day__reward').allTextContents()).toEqual([
      '+10',
      '+10',
      '+15',
      '+15',
      '+20',
      '+20',
      '+50',
    ]);
    await login.click();
    await expect.poll(() => pathname(page)).toBe('/login');
  });

  it('reading chapters and posting fill the tasks; 领取 pays once and the statement says why', async () => {
    const { page } = phone;
    const account = await apiRegister();
    await loginAs(page, account, '/activity');
    const activities = await get<Array<{ id: number; title: string }>>('/v1/activity/list?status=ongoing');
    const reading = activities.find((a) => a.title === '书香阅读周');
    if (!reading) throw new Error('the demo content has no 书香阅读周');

    await page.getByRole('link', { name: /书香阅读周/ }).click();
    await expect.poll(() => pathname(page)).toBe(`/activity/${reading.id}`);
    const row = (title: string) => page.locator('.task-row').filter({ hasText: title });
    await expect.poll(() => row('阅读3章').locator('.task-row__progress').textContent()).toBe('0/3');
    expect(await row('阅读3章').getByRole('link', { name: '去完成' }).getAttribute('href')).toBe('/novels');

    // Three free chapters read in the reader.
    const [book] = (await get<{ records: Array<{ id: number }> }>('/v1/novel/list')).records;
    const chapters = (
      await get<{ records: Array<{ id: number; price: number }> }>(
        `/v1/novel/${book.id}/chapters?pageSize=10`,
      )
    ).records.filter((c) => c.price === 0);
    // A chapter counts once the reader saved a position in it (the prefetched next one does not).
    for (const chapter of chapters.slice(0, 3)) {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/progress') && r.request().method() === 'PUT' && r.ok(),
      );
      await page.goto(`${baseUrl()}/readbook/${book.id}/${chapter.id}`);
      await page.locator('[data-p="0"]').first().waitFor();
      await saved;
    }

    // A post published on the square.
    await page.goto(`${baseUrl()}/postpage`);
    await page.getByLabel('帖子内容').fill('读完三章来打卡，活动任务进行中');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect.poll(() => pathname(page)).toMatch(/^\/post\/\d+$/);

    await page.goto(`${baseUrl()}/activity/${reading.id}`);
    await expect.poll(() => row('阅读3章').locator('.task-row__progress').textContent()).toBe('3/3');
    expect(await row('阅读10章').locator('.task-row__progress').textContent()).toBe('3/10');
    expect(await row('发布1条动态').locator('.task-row__progress').textContent()).toBe('1/1');
    expect(await row('阅读10章').getByRole('button', { name: '领取' }).count()).toBe(0);

    await row('阅读3章').getByRole('button', { name: '领取' }).click();
    await visible(page, '领取成功，蓝钻 +20').waitFor();
    await row('阅读3章').getByRole('button', { name: '已领取' }).waitFor();
    await row('发布1条动态').getByRole('button', { name: '领取' }).click();
    await row('发布1条动态').getByRole('button', { name: '已领取' }).waitFor();
    await expect.poll(() => balanceOf(account)).toBe(35);

    const rows = await statementRows(page);
    expect(rows.slice(0, 2)).toEqual(['任务：发布1条动态', '任务：阅读3章']);
    await expect.poll(() => page.locator('.recharge__coins').textContent()).toBe('35');
  });

  it('lists upcoming and ended activities whose tasks cannot be claimed', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/activity`);
    await page.getByRole('tab', { name: '已结束' }).click();
    await page.getByRole('link', { name: /金秋回馈周/ }).click();
    await visible(page, '活动规则').waitFor();
    expect(await page.getByRole('button', { name: '已结束' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '领取' }).count()).toBe(0);
  });
});
