import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, loginAs, uniqueName, usePhone } from '../src/fixtures.ts';
import { paidGames, recharge, send } from './traffic.ts';

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });
const pathname = (page: Page) => new URL(page.url()).pathname;

// A phone through nginx in front of two processes on PostgreSQL and Redis (issue 23 §3): the
// home, a login, a paid download and a post, as a person does them; assets come from nginx,
// the rest from either process.
describe.skipIf(inject('clusterSkip') !== '')(
  'the portal through nginx at 390×844, on PostgreSQL and Redis',
  () => {
    const phone = usePhone();

    it('opens the home with its assets from nginx and its page from a process', async () => {
      const { page } = phone;
      const servedBy: string[] = [];
      page.on('response', (response) => {
        const by = response.headers()['x-served-by'];
        if (by)
          servedBy.push(
            `${new URL(response.url()).pathname.startsWith('/assets/') ? 'asset' : 'other'} ${by}`,
          );
      });
      await asGuest(page, '/');
      await page.getByRole('region', { name: '活动推荐' }).waitFor();
      await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '签到' }).waitFor();
      expect(servedBy.some((s) => s === 'asset nginx')).toBe(true);
      expect(servedBy.some((s) => /^other .+:\d+$/.test(s))).toBe(true);
      expect(servedBy.filter((s) => s.startsWith('asset') && s !== 'asset nginx')).toEqual([]);
    });

    it('logs in through the form', async () => {
      const { page } = phone;
      const account = await apiRegister(uniqueName('cl'));
      await asGuest(page, '/login');
      await page.getByLabel('用户名').fill(account.loginName);
      await page.getByLabel('密码', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => visible(page, /欢迎回来/).count()).toBeGreaterThan(0);
      await expect.poll(() => pathname(page)).toBe('/');
    });

    it('downloads a paid game once, paid with recharged diamonds', async () => {
      const { page } = phone;
      const account = await apiRegister(uniqueName('cl'));
      const [game] = await paidGames(baseUrl());
      expect((await recharge(baseUrl(), { ...account, loginName: account.loginName }, 1)).acknowledged).toBe(
        true,
      );
      const list = await send(baseUrl(), 'POST', '/api/web/game/list', { form: { pageSize: 100 } });
      const appID = list.body.data.records.find((g: { id: number }) => g.id === game.id).appID;
      await loginAs(page, account, `/detail/${appID}`);
      const button = page.getByRole('button', { name: /安卓 立即下载/ }).filter({ visible: true });
      await button.click();
      const confirm = page.getByRole('dialog', { name: '下载确认' });
      await confirm.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        confirm.getByRole('button', { name: /确认/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.apk$/);
      await visible(page, '已购买').first().waitFor();
      const me = await send(baseUrl(), 'POST', '/api/user/center/me', {
        form: { uid: account.uid },
        account,
      });
      expect(me.body.data.coinNum).toBe(60 - game.price);
    });

    it('publishes a post that the latest feed shows, from either process', async () => {
      const { page } = phone;
      const account = await apiRegister(uniqueName('cl'));
      await loginAs(page, account, '/postpage');
      const content = `集群里的新帖 ${uniqueName('p')}`;
      await page.getByLabel('帖子内容').fill(content);
      await page.getByRole('radio', { name: '#闲聊' }).check();
      const publish = page.getByRole('button', { name: '发布', exact: true });
      await expect.poll(() => publish.isEnabled()).toBe(true);
      await publish.click();
      await expect.poll(() => pathname(page)).toMatch(/^\/post\/\d+$/);
      await expect.poll(() => page.locator('.post-detail__text').textContent()).toBe(content);
      const feeds = await Promise.all(
        Array.from({ length: 4 }, () =>
          send(baseUrl(), 'GET', '/api/v1/square/post/list?sort=2&pageSize=10'),
        ),
      );
      for (const feed of feeds) {
        expect(feed.body.data.records.map((p: { content: string }) => p.content)).toContain(content);
      }
    });
  },
);
