import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { consoleLogin, createOperatorByCommand, holdAnswers, useDesktop } from '../src/desktop.ts';
import { baseUrl, uniqueName, usePhone } from '../src/fixtures.ts';

// 财务 and 渠道报表 in Chromium (issue 20 §4, §5; decision 0062): a phone registers through a
// channel link (390×844); a finance operator (1280×800) finds the user, credits diamonds with a
// note, and the phone sees the row in its statement; the channel report counts the registration
// and exports a CSV Excel opens.
describe('finance console', () => {
  const desktop = useDesktop();
  const phone = usePhone();
  const finance = { name: uniqueName('fin').toLowerCase(), password: 'F1nance!console' };
  const channel = `e2e${Date.now().toString(36)}`;
  const note = `补偿活动奖励 ${Date.now().toString(36)}`;
  const today = () => {
    const shanghai = new Date(Date.now() + 8 * 3600_000);
    return shanghai.toISOString().slice(0, 10);
  };
  let account = { uid: '', loginName: '' };
  let orderId = '';

  beforeAll(() => {
    createOperatorByCommand(finance.name, 'finance', finance.password);
  });

  const expectAccessible = async (page: Page, where: string) => {
    await settle(page);
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
  };

  /** Set SHOTS_DIR to keep a picture of each console page (to look at what was built). */
  const shot = async (page: Page, name: string) => {
    const dir = process.env.SHOTS_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png` });
  };

  const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });

  it('registers a phone user who came through a channel link', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/api/health`);
    await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
    const init = page.waitForResponse((r) => r.url().endsWith('/api/user/device/init'));
    await page.goto(`${baseUrl()}/?code=${channel}`);
    const initBody = (await (await init).json()) as { code: number; data: { channelID: string } };
    expect(initBody).toMatchObject({ code: 0, data: { channelID: channel } });
    await page.goto(`${baseUrl()}/register`);
    const loginName = uniqueName('chan').toLowerCase();
    await page.getByLabel('用户名').fill(loginName);
    await page.getByLabel('密码', { exact: true }).fill('secret123');
    await page.getByLabel('确认密码').fill('secret123');
    await page.getByRole('button', { name: '注册' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const stored = await page.evaluate(() => localStorage.getItem('ld-account'));
    const uid = (JSON.parse(stored ?? '{}') as { state?: { account?: { uid?: string } } }).state?.account
      ?.uid;
    expect(uid).toMatch(/^\d+$/);
    account = { uid: uid ?? '', loginName };
    // The user recharges the smallest pack (¥6.00, 60 蓝钻) through the sandbox checkout.
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('ld-account') ?? '{}') as { state: { account: { token: string } } })
          .state.account.token,
    );
    const packs = (await (await fetch(`${baseUrl()}/api/v1/wallet/packs`)).json()) as {
      data: Array<{ id: number }>;
    };
    const info = (await (
      await fetch(`${baseUrl()}/api/order/payInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', uid: account.uid, token },
        body: new URLSearchParams({ packId: String(packs.data[0].id) }),
      })
    ).json()) as { code: number; data: { orderId: string } };
    expect(info.code).toBe(0);
    orderId = info.data.orderId;
    const confirm = await fetch(`${baseUrl()}/api/v1/pay/sandbox/checkout/${orderId}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
  });

  it('lets finance in to 财务 and 渠道报表 only', async () => {
    const { page } = desktop;
    await consoleLogin(page, finance.name, finance.password);
    await expect.poll(() => page.url()).toContain('/admin/orders');
    const menu = page.getByRole('menu');
    for (const item of ['充值订单', '会员订单', '用户账户', '渠道报表', '我的账号'])
      expect(await menu.getByRole('menuitem', { name: item }).count(), item).toBe(1);
    for (const item of ['公告', '操作员', '操作日志'])
      expect(await menu.getByRole('menuitem', { name: item }).count(), item).toBe(0);
    await page.getByRole('textbox', { name: '用户' }).fill(account.loginName);
    await page.getByRole('button', { name: '筛选' }).click();
    const order = page.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => order.count()).toBe(1);
    expect(await order.getByText('已到账').count()).toBe(1);
    expect(await order.getByText('¥6.00').count()).toBe(1);
    await order.getByRole('button', { name: /展开/ }).click();
    // The provider's record: the sandbox's trade number.
    await visible(page, `SBX${orderId}`).waitFor();
    await expectAccessible(page, 'orders');
    await shot(page, 'orders');
    await page.getByRole('textbox', { name: '用户' }).fill('');
    await page.getByLabel('状态').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '已关闭',
      })
      .first()
      .click();
    await page.getByRole('button', { name: '筛选' }).click();
    await expect.poll(() => page.url()).toContain('closed');
    await page.getByRole('menuitem', { name: '会员订单' }).click();
    await expect.poll(() => page.url()).toContain('/admin/vip-orders');
    await expect.poll(() => page.locator('.ant-table-row, .ant-empty').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'vip orders');
    await shot(page, 'vip-orders');
  });

  it('credits the user with a required note; the statement and ledger show it', async () => {
    const { page } = desktop;
    await page.getByRole('menuitem', { name: '用户账户' }).click();
    await expectAccessible(page, 'wallet search');
    await page.getByRole('textbox', { name: '用户' }).fill(account.loginName);
    await page.getByRole('button', { name: '查看' }).click();
    await expect.poll(() => page.url()).toContain(`/admin/wallets/show/${account.loginName}`);
    await visible(page, `（${account.loginName}）`).first().waitFor();
    await visible(page, '与余额一致').waitFor();
    await expectAccessible(page, 'wallet');

    await page.getByRole('button', { name: '调整余额' }).click();
    const dialog = page.getByRole('dialog', { name: '调整余额' });
    await dialog.getByLabel('数额（蓝钻）').fill('66');
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await expect.poll(() => dialog.getByText('请填写备注（调整原因）').count()).toBe(1);
    await expectAccessible(page, 'adjust dialog');
    await shot(page, 'adjust-dialog');
    expect(await dialog.getByLabel('数额（蓝钻）').inputValue()).toBe('66');
    await dialog.getByLabel('备注（调整原因，用户流水中可见）').fill(note);
    // While the answer is on its way the OK button spins and takes no second click.
    const held = await holdAnswers(page, '**/api/admin/v1/users/*/adjustments', 800);
    await dialog.getByRole('button', { name: '确认调整' }).click();
    const spinning = dialog.getByRole('button', { name: 'loading 确认调整', exact: true });
    await expect.poll(() => spinning.count()).toBe(1);
    await shot(page, 'adjust-busy');
    await spinning.click({ force: true });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await held.release();
    expect(held.sent()).toBe(1);
    expect(await page.locator('.ant-btn [aria-label=loading]').count()).toBe(0);
    await visible(page, `人工调整：${note}`).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: '+66' }).count()).toBe(1);
    await visible(page, '与余额一致').waitFor();
    await expectAccessible(page, 'wallet after adjustment');
    await shot(page, 'wallet');

    // The adjustment names its operator, in the ledger's table and in its CSV export.
    const adjusted = page.getByRole('row').filter({ hasText: `人工调整：${note}` });
    expect(await adjusted.getByRole('cell', { name: finance.name, exact: true }).count()).toBe(1);
    const [ledgerFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '导出 CSV' }).click(),
    ]);
    const ledgerCsv = fs.readFileSync(await ledgerFile.path()).toString('utf8');
    expect(ledgerCsv.split('\r\n')[0]).toBe(
      '\uFEFF时间（北京时间）,说明,变动（蓝钻）,变动后余额,操作员,关联单号',
    );
    expect(ledgerCsv).toMatch(new RegExp(`,人工调整：${note},66,\\d+,${finance.name},`));

    // A debit beyond the balance is refused under the input, and nothing typed is lost.
    await page.getByRole('button', { name: '调整余额' }).click();
    await dialog.getByText('扣减').click();
    await dialog.getByLabel('数额（蓝钻）').fill('1000');
    await dialog.getByLabel('备注（调整原因，用户流水中可见）').fill('超额扣减');
    await dialog.getByRole('button', { name: '确认调整' }).click();
    await expect.poll(() => dialog.getByText(/余额不能为负/).count()).toBe(1);
    expect(await dialog.getByLabel('备注（调整原因，用户流水中可见）').inputValue()).toBe('超额扣减');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('shows the credit in the user’s own statement on the phone', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/recharge`);
    await visible(page, `人工调整：${note}`).waitFor();
    await visible(page, '+66 蓝钻').waitFor();
    await visible(page, '余额 126').waitFor();
  });

  it('counts the registration under its channel in 渠道报表 and exports the CSV', async () => {
    const { page } = desktop;
    await page.getByRole('menuitem', { name: '渠道报表' }).click();
    await expect.poll(() => page.url()).toContain('/admin/reports');
    await page.getByLabel('渠道').fill(channel);
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: channel });
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.getByRole('cell').allTextContents();
    // 日期, 渠道, 邀请码, 设备激活, 下载页访问, 注册, …
    expect(cells.slice(0, 3)).toEqual([today(), channel, '—']);
    // One phone: one device, however often it started the app.
    expect(cells[3]).toBe('1');
    expect(cells[5]).toBe('1');
    // 充值订单, 支付成功订单, 支付金额 of the user the channel brought.
    expect(cells.slice(7, 10)).toEqual(['1', '1', '¥6.00']);
    await expect.poll(() => page.locator('figure svg').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'channel report');
    await shot(page, 'report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '导出 CSV' }).click(),
    ]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 6)).toEqual([
      '日期',
      '渠道',
      '邀请码',
      '设备激活',
      '下载页访问',
      '注册',
    ]);
    expect(lines.find((l) => l.includes(channel))?.split(',')[5]).toBe('1');
  });
});
