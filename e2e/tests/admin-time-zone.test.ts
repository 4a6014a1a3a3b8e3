import { beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, createOperatorByCommand, useDesktop } from '../src/desktop.ts';
import { apiRegister, baseUrl, uniqueName } from '../src/fixtures.ts';

/** An instant as Beijing's wall clock, YYYY-MM-DD HH:mm:ss (what the console shows). */
const beijing = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

// The console keeps the portal's clock (Beijing time, apps/admin/src/shared/time.ts) on a computer
// set to another zone: an operator in Los Angeles (UTC−8 in winter, 16 hours behind) reads the
// times players see and types times that mean the same to them.
describe('the console on a computer in another time zone', () => {
  const desktop = useDesktop({ timezoneId: 'America/Los_Angeles' });
  const admin = { name: uniqueName('tz').toLowerCase(), password: 'Adm1n!timezone' };
  const note = `时区测试留言 ${uniqueName('n').slice(-6)}`;
  let user: Awaited<ReturnType<typeof apiRegister>>;

  beforeAll(async () => {
    createOperatorByCommand(admin.name, 'admin', admin.password);
    user = await apiRegister();
    const res = await fetch(`${baseUrl()}/api/user/kefu`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: note, contact: 'tz@example.com' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });

  /** GET on the admin API as the signed-in operator (the page's cookie). */
  const adminGet = async <T>(path: string): Promise<T> => {
    const res = await desktop.page.request.get(`${baseUrl()}/api/admin/v1${path}`);
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.msg}`);
    return envelope.data;
  };

  it('says it keeps Beijing time and shows a note at its Beijing time', async () => {
    const { page } = desktop;
    expect(await page.evaluate(() => new Date('2026-12-04T00:00:00Z').getTimezoneOffset())).toBe(480);
    await consoleLogin(page, admin.name, admin.password);
    await expect.poll(() => page.getByLabel('当前操作员').textContent()).toBe(admin.name);
    expect(await page.getByText('时间均为北京时间', { exact: true }).count()).toBe(1);

    const { records } = await adminGet<{ records: { content: string; createTime: string }[] }>(
      `/kefu?keyword=${encodeURIComponent(note)}`,
    );
    expect(records).toHaveLength(1);
    const createTime = records[0]?.createTime ?? '';
    await page.getByRole('menu').getByRole('menuitem', { name: '客服收件箱' }).click();
    const row = page.getByRole('row', { name: new RegExp(note) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(beijing(createTime));
  });

  it('filters by Beijing days: 12-01 to 12-03 is from 11-30 16:00 to 12-03 15:59:59.999 UTC', async () => {
    const { page } = desktop;
    await page.getByRole('menu').getByRole('menuitem', { name: '充值订单' }).click();
    const filter = page.getByRole('form', { name: '筛选充值订单' });
    await filter.getByPlaceholder('开始日期').click();
    await filter.getByPlaceholder('开始日期').fill('2026-12-01');
    await filter.getByPlaceholder('开始日期').press('Enter');
    await filter.getByPlaceholder('结束日期').fill('2026-12-03');
    // Enter in the form sends it, as 筛选 does.
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/admin/v1/orders') && r.url().includes('from='),
    );
    await filter.getByPlaceholder('结束日期').press('Enter');
    const url = new URL((await asked).url());
    expect(url.searchParams.get('from')).toBe('2026-11-30T16:00:00.000Z');
    expect(url.searchParams.get('to')).toBe('2026-12-03T15:59:59.999Z');
  });

  it('a mute typed to end 2030-01-05 10:00 ends then in Beijing, and is shown so', async () => {
    const { page } = desktop;
    await page.getByRole('menu').getByRole('menuitem', { name: '用户管理' }).click();
    await page.getByLabel('用户', { exact: true }).fill(user.loginName);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row', { name: new RegExp(user.loginName) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '禁言' }).click();
    const dialog = page.getByRole('dialog', { name: /^禁言/ });
    const until = dialog.getByLabel('截止时间');
    await until.click();
    // The calendar's today and its 此刻 are Beijing's too (shared/date-picker.tsx), not the computer's.
    const beijingToday = () => beijing(new Date().toISOString()).slice(0, 10);
    const today = page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today');
    const todayBefore = beijingToday();
    const marked = await today.getAttribute('title');
    expect([todayBefore, beijingToday()]).toContain(marked);
    const nowBefore = beijing(new Date().toISOString()).slice(0, 16);
    await page.locator('.ant-picker-dropdown:visible').getByText('此刻', { exact: true }).click();
    await expect
      .poll(async () =>
        [nowBefore, beijing(new Date().toISOString()).slice(0, 16)].includes(await until.inputValue()),
      )
      .toBe(true);
    await until.click();
    await until.fill('2030-01-05 10:00');
    await until.press('Enter');
    await expect.poll(() => until.inputValue()).toBe('2030-01-05 10:00');
    await dialog.getByLabel('原因').fill('时区测试');
    await dialog.getByRole('button', { name: '禁言' }).click();
    await expect.poll(() => row.getByText('禁言至 2030-01-05 10:00:00').count()).toBe(1);
    const { records } = await adminGet<{ records: { id: number; mutedUntil: string | null }[] }>(
      `/moderation/users?keyword=${encodeURIComponent(user.loginName)}`,
    );
    expect(records[0]?.mutedUntil).toBe('2030-01-05T02:00:00.000Z');
  });
});
