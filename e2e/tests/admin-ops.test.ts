import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { consoleLogin, createOperatorByCommand, useDesktop } from '../src/desktop.ts';
import { apiRegister, asGuest, baseUrl, loginAs, uniqueName, usePhone } from '../src/fixtures.ts';

// Operations in the console (issue 20 §4) against the real portal: a moderator deletes a post at
// 1280×800 and a phone (390×844) no longer finds it in the square; an admin sends a system message
// that a phone sees in 系统消息 with the badge; a note left through 合作共赢 is answered in the
// console and the answer reaches the user. axe on each console page.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/admin-ops-shots';

type Account = Awaited<ReturnType<typeof apiRegister>>;

async function publish(user: Account, content: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/v1/square/post`, {
    method: 'POST',
    headers: { uid: user.uid, token: user.token, 'content-type': 'application/json' },
    body: JSON.stringify({ appID: 2008, content, tagId: 1, images: [] }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: { id: number } };
  if (envelope.code !== 0) throw new Error(`publish: ${envelope.msg}`);
  return envelope.data.id;
}

describe('operations in the console', () => {
  const desktop = useDesktop();
  const phone = usePhone();
  const admin = { name: uniqueName('ops').toLowerCase(), password: 'Adm1n!operations' };
  const moderator = { name: uniqueName('mod').toLowerCase(), password: 'M0derator!ops1' };
  const postText = `违规广告帖 ${uniqueName('p')}`;
  let author: Account;
  let reader: Account;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    createOperatorByCommand(admin.name, 'admin', admin.password);
    createOperatorByCommand(moderator.name, 'moderator', moderator.password);
    author = await apiRegister();
    reader = await apiRegister();
    await publish(author, postText);
  });

  /** No serious or critical axe violation on what the page shows now; a screenshot to look at. */
  const check = async (page: Page, where: string) => {
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${where.replace(/\W+/g, '-')}.png` });
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
  };

  /** The header's count of unanswered 客服 notes (its button's name says it). */
  const waitingInHeader = async (page: Page): Promise<number> => {
    const button = page.getByRole('button', { name: /^客服收件箱，/ });
    await button.waitFor();
    const name = (await button.getAttribute('aria-label')) ?? '';
    if (name === '客服收件箱，没有未回复的留言') return 0;
    const count = /^客服收件箱，(\d+) 条未回复$/.exec(name)?.[1];
    if (count === undefined) throw new Error(`the header's count says "${name}"`);
    return Number(count);
  };

  const squareTexts = async (page: Page) => {
    await page.getByRole('tablist', { name: '排序' }).getByRole('tab', { name: '最新' }).click();
    await page.locator('.post-card').first().waitFor();
    return page.locator('.post-card__text').allTextContents();
  };

  it('a moderator deletes a post in 帖子审核 and the phone no longer finds it in the square', async () => {
    await asGuest(phone.page, '/square');
    await expect.poll(async () => (await squareTexts(phone.page)).includes(postText)).toBe(true);

    const { page } = desktop;
    await consoleLogin(page, moderator.name, moderator.password);
    await expect.poll(() => page.url()).toContain('/admin/moderation/posts');
    const menu = page.getByRole('menu');
    // The menu is drawn once the console knows the operator's role (after the address changed).
    await menu.getByRole('menuitem', { name: '帖子审核' }).waitFor();
    for (const item of ['帖子审核', '评论审核', '用户管理', '客服收件箱', '系统消息'])
      expect(await menu.getByRole('menuitem', { name: item }).count(), item).toBe(1);
    expect(await menu.getByRole('menuitem', { name: '公告' }).count()).toBe(0);

    await page.getByLabel('关键词').fill(postText);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row', { name: new RegExp(postText) });
    await expect.poll(() => row.count()).toBe(1);
    await check(page, 'moderation-posts');
    await row.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => row.getByText('已删除').count()).toBe(1);
    expect(await row.getByRole('button', { name: '恢复' }).count()).toBe(1);

    await phone.page.reload();
    await expect.poll(async () => (await squareTexts(phone.page)).includes(postText)).toBe(false);
  });

  it('the other moderation pages pass axe: 评论审核, 用户管理 and its mute dialog', async () => {
    const { page } = desktop;
    await page.getByRole('menu').getByRole('menuitem', { name: '评论审核' }).click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await check(page, 'moderation-comments');
    await page.getByRole('menu').getByRole('menuitem', { name: '用户管理' }).click();
    await page.getByLabel('用户', { exact: true }).fill(reader.loginName);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row', { name: new RegExp(reader.loginName) });
    await expect.poll(() => row.count()).toBe(1);
    await check(page, 'moderation-users');
    await row.getByRole('button', { name: '禁言' }).click();
    const dialog = page.getByRole('dialog', { name: /^禁言/ });
    await dialog.getByRole('button', { name: '禁言' }).click();
    await expect.poll(() => dialog.getByText('请选择截止时间').count()).toBe(1);
    await check(page, 'moderation-users-mute-dialog');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('a moderator bans the author for good: the phone is signed out at once and login says why', async () => {
    await loginAs(phone.page, author, '/profile');
    await expect.poll(() => phone.page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

    const { page } = desktop;
    await page.getByLabel('用户', { exact: true }).fill(author.loginName);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row', { name: new RegExp(author.loginName) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '封禁' }).click();
    const dialog = page.getByRole('dialog', { name: /^封禁/ });
    await dialog.getByRole('checkbox', { name: '永久封禁' }).check();
    await dialog.getByLabel('原因').fill('多次发布违规广告');
    await check(page, 'moderation-users-ban-dialog');
    await dialog.getByRole('button', { name: '封禁' }).click();
    await expect.poll(() => row.getByText('永久封禁').count()).toBe(1);

    // The very next call of the phone finds its session gone.
    await phone.page.reload();
    await expect.poll(() => phone.page.getByRole('button', { name: '退出登录' }).count()).toBe(0);
    // Signed out, the phone is a guest: the guest's start-up bulletin is not what this looks at.
    await phone.page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
    await phone.page.goto(`${baseUrl()}/login`);
    await phone.page.getByLabel('用户名').fill(author.loginName);
    await phone.page.getByLabel('密码').fill(author.password);
    await phone.page.getByRole('button', { name: '登录', exact: true }).click();
    await expect
      .poll(() => phone.page.getByText('账号已被永久封禁，原因：多次发布违规广告', { exact: false }).count())
      .toBeGreaterThan(0);
    await phone.page.screenshot({ path: `${SHOTS}/portal-login-banned.png` });
  });

  it('an admin sends a system message; the phone shows it in 系统消息 with the badge', async () => {
    const { page } = desktop;
    await page.getByRole('button', { name: '退出登录' }).click();
    await consoleLogin(page, admin.name, admin.password);
    await page.getByRole('menu').getByRole('menuitem', { name: '系统消息' }).click();
    await expect.poll(() => page.url()).toContain('/admin/broadcasts');
    await page.getByRole('button', { name: '发送消息' }).click();
    await page.getByLabel('用户 ID').fill(reader.uid);
    const title = `活动通知 ${uniqueName('m').slice(-6)}`;
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('内容').fill('周末登录送 100 蓝钻，别错过');
    await check(page, 'broadcast-create');
    await page.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/broadcasts(\?|$)/);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.getByText('已完成').count()).toBe(1);
    await check(page, 'broadcasts');

    await loginAs(phone.page, reader);
    const headerLink = phone.page.getByRole('link', { name: /^系统消息，\d+ 条未读$/ });
    // The welcome message and this one.
    await expect.poll(() => headerLink.getAttribute('aria-label')).toBe('系统消息，2 条未读');
    await headerLink.click();
    const item = phone.page.locator('.msg-list').getByRole('button', { name: new RegExp(title) });
    await item.waitFor();
    expect(await item.getByRole('img', { name: '未读' }).count()).toBe(1);
  });

  it('a note left in 合作共赢 is answered in 客服收件箱 and the answer reaches the user', async () => {
    const note = `想谈联运合作 ${uniqueName('n').slice(-6)}`;
    // The operator has the inbox open before the note is left: it comes in without a reload.
    const { page } = desktop;
    await page.getByRole('menu').getByRole('menuitem', { name: '客服收件箱' }).click();
    await expect.poll(() => page.getByRole('button', { name: '刷新', exact: true }).count()).toBe(1);
    await expect.poll(() => page.locator('.ant-table-row, .ant-empty').count()).toBeGreaterThan(0);
    // The header counts the notes nobody has answered, on every page of the console.
    const before = await waitingInHeader(page);

    await loginAs(phone.page, reader, '/business');
    await phone.page.getByLabel('公司/称呼').fill('星河游戏');
    await phone.page.getByLabel('联系方式').fill('bd@example.com');
    await phone.page.getByLabel('合作内容').fill(note);
    await phone.page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => phone.page.getByText('提交成功，我们会尽快联系您').count()).toBe(1);

    const row = page.getByRole('row', { name: new RegExp(note) });
    // Within the inbox's 10 s refresh (and a busy machine's answer).
    await expect.poll(() => row.count(), { timeout: 25_000 }).toBe(1);
    expect(await row.getByText('未回复').count()).toBe(1);
    // Within the header's 10 s refresh too.
    await expect.poll(() => waitingInHeader(page), { timeout: 25_000 }).toBe(before + 1);
    await check(page, 'kefu-inbox');
    await row.getByRole('button', { name: '回复' }).click();
    await expect.poll(() => page.url()).toContain('/admin/kefu/show/');
    const conversation = page.getByRole('region', { name: '会话记录' });
    await expect.poll(() => conversation.getByText(note, { exact: false }).count()).toBe(1);
    await check(page, 'kefu-thread');
    await page.getByLabel('回复内容').fill('您好，商务同事今天会与您联系');
    await page.getByRole('button', { name: '发送回复' }).click();
    await expect.poll(() => conversation.getByText('您好，商务同事今天会与您联系').count()).toBe(1);
    await expect.poll(() => page.getByText('已回复', { exact: true }).count()).toBeGreaterThan(0);
    // Answered: the header's count goes down at once, without waiting for its refresh.
    await expect.poll(() => waitingInHeader(page), { timeout: 5_000 }).toBe(before);
    await page.screenshot({ path: `${SHOTS}/kefu-thread-answered.png` });

    await phone.page.goto(`${baseUrl()}/message`);
    const item = phone.page.locator('.msg-list').getByRole('button', { name: /商务合作回复/ });
    await item.waitFor();
    expect(await item.getByRole('img', { name: '未读' }).count()).toBe(1);
    await item.click();
    expect(await item.textContent()).toContain(note);
    expect(await item.textContent()).toContain('您好，商务同事今天会与您联系');
    await phone.page.screenshot({ path: `${SHOTS}/portal-message.png` });
  });
});
