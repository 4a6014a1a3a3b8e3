import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, baseUrl, loginAs, uniqueName, usePhone } from '../src/fixtures.ts';

// Issue 10 §4 and §7: the inviter copies the link from 邀请好友, a friend opens it in a fresh
// browser profile and registers, the inviter's 我的邀请 lists the friend, the balance grows by the
// reward and the diamond statement says 邀请奖励：邀请 … .

const pathname = (page: Page) => new URL(page.url()).pathname;
/** Kept-alive pages stay in the document, hidden: only a visible match counts. */
const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });

/** The balance, as the status call answers it. */
async function balanceOf(account: { uid: string; token: string }): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/user/center/me`, {
    method: 'POST',
    headers: { uid: account.uid, token: account.token, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'appID=2008',
  });
  return ((await res.json()) as { data: { coinNum: number } }).data.coinNum;
}

async function inviteMe(account: { uid: string; token: string }) {
  const res = await fetch(`${baseUrl()}/api/v1/invite/me`, {
    headers: { uid: account.uid, token: account.token },
  });
  return ((await res.json()) as { data: { invitedCount: number; rewardTotal: number } }).data;
}

/** `a***e` for `alice`: how the inviter sees a friend's name. */
const masked = (name: string) => `${name[0]}${'*'.repeat(Math.min(name.length - 2, 3))}${name.at(-1)}`;

describe('friend invites at 390×844', () => {
  const phone = usePhone();

  it('pays the inviter when a friend registers through the copied link in a fresh profile', async () => {
    const { page } = phone;
    const inviter = await apiRegister(uniqueName('host'));
    const before = await balanceOf(inviter);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });

    // 我的 → 邀请好友: the code, the link, 复制链接.
    await loginAs(page, inviter, '/profile');
    await page.getByRole('link', { name: '邀请好友' }).click();
    await expect.poll(() => pathname(page)).toBe('/invite');
    await visible(page, '我的邀请码').waitFor();
    await visible(page, /还没有好友通过你的邀请注册/).waitFor();
    const link = (await page.locator('.invite-card__link').filter({ visible: true }).textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${baseUrl()}/\\?inviteCode=[A-HJKMNP-Z2-9]{8}$`));
    await page.getByRole('button', { name: '复制链接' }).click();
    await visible(page, '复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The poster draws with the link as a QR code and can be saved.
    await page.getByRole('button', { name: '生成海报' }).click();
    const poster = page.getByRole('dialog', { name: '邀请海报' });
    await poster.getByRole('img', { name: /邀请海报/ }).waitFor();
    expect(
      await poster
        .getByRole('img', { name: /邀请海报/ })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(750);
    await settle(page, { quietMs: 500 });
    expect(formatViolations(await scanAccessibility(page), 'invite poster')).toBe('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      poster.getByRole('link', { name: '保存海报' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/邀请海报-[A-Z0-9]{8}\.png$/);
    await poster.getByRole('button', { name: '关闭' }).click();

    // A friend opens the link in a browser profile of their own and registers.
    const friendName = uniqueName('pal');
    const friend = await launchPhone();
    try {
      const friendPage = friend.context.pages()[0] ?? (await friend.context.newPage());
      await friendPage.goto(`${baseUrl()}/api/health`);
      // The start-up bulletin is not what this test looks at.
      await friendPage.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
      await friendPage.goto(link);
      await friendPage.getByRole('navigation', { name: '主导航' }).waitFor();
      // The page keeps the link's code as soon as it has loaded (its boot script, before the app).
      const code = new URL(link).searchParams.get('inviteCode');
      await expect.poll(() => friendPage.evaluate(() => localStorage.getItem('inviteCode'))).toBe(code);
      await friendPage.goto(`${baseUrl()}/register`);
      await expect.poll(() => friendPage.getByLabel('邀请码').inputValue()).toBe(code);
      await friendPage.getByLabel('用户名').fill(friendName);
      await friendPage.getByLabel('密码', { exact: true }).fill('secret123');
      await friendPage.getByLabel('确认密码').fill('secret123');
      await friendPage.getByRole('button', { name: '注册' }).click();
      await expect.poll(() => pathname(friendPage)).toBe('/');
    } finally {
      await friend.close();
    }

    // The inviter's list shows the friend with the reward; the balance grew by it.
    await expect.poll(() => balanceOf(inviter)).toBeGreaterThan(before);
    const reward = (await balanceOf(inviter)) - before;
    expect(await inviteMe(inviter)).toEqual(
      expect.objectContaining({ invitedCount: 1, rewardTotal: reward }),
    );
    await page.reload();
    const records = page.getByRole('region', { name: '我的邀请' });
    await records.getByText(masked(friendName.toLowerCase())).waitFor();
    await records.getByText(`+${reward} 蓝钻`).waitFor();
    await records.getByText('奖励已到账').waitFor();
    await visible(page, '成功邀请').waitFor();

    // 我的 shows the new balance; the statement names the invite.
    await page.goto(`${baseUrl()}/profile`);
    await expect
      .poll(async () => (await page.locator('.profile-balance__value').textContent())?.replace(/\D/g, ''))
      .toBe(String(before + reward));
    await page.goto(`${baseUrl()}/recharge`);
    await visible(page, `邀请奖励：邀请 ${masked(friendName.toLowerCase())}`).waitFor();
    await visible(page, `+${reward} 蓝钻`).waitFor();
  });
});
