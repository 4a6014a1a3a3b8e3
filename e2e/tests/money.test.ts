import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';
import { type RunningPortal, startPortal } from '../src/server.ts';

interface GameRow {
  id: number;
  appID: number;
  name: string;
  onlineType: number;
  buyAmount: number;
  platforms: number[];
}
interface PackRow {
  id: number;
  title: string;
  status: string;
  remaining: number;
}
type Account = Awaited<ReturnType<typeof apiRegister>>;

async function api<T>(path: string, body: Record<string, string> = {}, account?: Account): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(account ? { uid: account.uid, token: account.token } : {}),
    },
    body: new URLSearchParams({ appID: '2008', ...body }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

async function allGames(): Promise<GameRow[]> {
  return (await api<{ records: GameRow[] }>('/web/game/list', { pageSize: '100' })).records;
}

/** The cheapest paid game with an Android package (cheap enough for the smallest recharge pack). */
async function cheapPaidGame(): Promise<GameRow> {
  const paid = (await allGames()).filter(
    (g) => g.onlineType !== 0 && g.buyAmount > 0 && g.platforms.includes(1),
  );
  paid.sort((a, b) => a.buyAmount - b.buyAmount);
  return paid[0];
}

const balanceOf = async (account: Account) =>
  (await api<{ coinNum: number }>('/user/center/me', { uid: account.uid }, account)).coinNum;

/** Funds an account through the real sandbox flow: an order, then the provider's 确认支付. */
async function fundBySandbox(account: Account, packIndex: number) {
  const packs = (await (await fetch(`${baseUrl()}/api/v1/wallet/packs`)).json()) as {
    data: Array<{ id: number }>;
  };
  const info = await api<{ orderId: string }>(
    '/order/payInfo',
    { packId: String(packs.data[packIndex].id) },
    account,
  );
  const confirm = await fetch(`${baseUrl()}/api/v1/pay/sandbox/checkout/${info.orderId}/confirm`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(confirm.status).toBe(303);
}

async function asNewUser(page: Page): Promise<Account> {
  const account = await apiRegister();
  await loginAs(page, account);
  return account;
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });
const pathname = (page: Page) => new URL(page.url()).pathname;
const androidButton = (page: Page) =>
  page.getByRole('button', { name: /安卓 立即下载/ }).filter({ visible: true });

describe('games, downloads, diamonds and membership at 390×844', () => {
  const phone = usePhone();

  it('downloads a free game at once, without login', async () => {
    const { page } = phone;
    const free = (await allGames()).find((g) => g.onlineType === 0 && g.platforms.includes(1));
    if (!free) throw new Error('the demo content has no free game');
    await asGuest(page, '/games');
    await visible(page, free.name).first().click();
    await expect.poll(() => pathname(page)).toBe(`/detail/${free.appID}`);
    const [download] = await Promise.all([page.waitForEvent('download'), androidButton(page).click()]);
    expect(download.suggestedFilename()).toMatch(/\.apk$/);
    expect(await download.failure()).toBeNull();
    await visible(page, '开始下载').waitFor();
    // No login was asked for.
    expect(pathname(page)).toBe(`/detail/${free.appID}`);
  });

  it('sends a guest to login for a paid game', async () => {
    const { page } = phone;
    const game = await cheapPaidGame();
    await asGuest(page, `/detail/${game.appID}`);
    await androidButton(page).click();
    await expect.poll(() => pathname(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/detail/${game.appID}`);
  });

  it('low balance → 去充值 → sandbox 确认支付 → 充值成功 → the paid download goes through', async () => {
    const { page } = phone;
    const account = await asNewUser(page);
    const game = await cheapPaidGame();
    await page.goto(`${baseUrl()}/detail/${game.appID}`);
    await visible(page, `${game.buyAmount}蓝钻`).first().waitFor();

    await androidButton(page).click();
    const confirm = page.getByRole('dialog', { name: '下载确认' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`本次下载需支付 ${game.buyAmount} 蓝钻`);
    expect(await confirm.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe(
      '/profile?fun=member',
    );
    await confirm.getByRole('button', { name: /确认/ }).click();

    const low = page.getByRole('dialog', { name: '当前蓝钻余额不足！' });
    await low.waitFor();
    expect(await low.textContent()).toContain('当前余额不足，请充值后再继续');
    expect(await confirm.count()).toBe(0);
    await low.getByRole('button', { name: '去充值' }).click();
    await expect.poll(() => pathname(page)).toBe('/recharge');

    await page.getByRole('button', { name: /^60蓝钻/ }).click();
    await page.getByRole('button', { name: /立即充值/ }).click();
    await page.waitForURL(/\/api\/v1\/pay\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '确认支付' }).click();

    await page.waitForURL(/\/recharge\?orderId=/);
    await visible(page, '充值成功').waitFor({ timeout: 15_000 });
    expect(await page.locator('.recharge-result__amount').textContent()).toBe('+60 蓝钻');
    await expect.poll(() => page.locator('.recharge__coins').textContent()).toBe('60');
    expect(await balanceOf(account)).toBe(60);

    await page.getByRole('link', { name: '返回继续' }).click();
    await expect.poll(() => pathname(page)).toBe(`/detail/${game.appID}`);
    await androidButton(page).click();
    await confirm.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: /确认/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.apk$/);
    await visible(page, '开始下载').waitFor();
    expect(await balanceOf(account)).toBe(60 - game.buyAmount);
    await visible(page, '已购买').first().waitFor();

    // Bought once: the ledger on the recharge page shows the purchase with its sign.
    await page.goto(`${baseUrl()}/recharge`);
    await visible(page, `-${game.buyAmount} 蓝钻`).waitFor();
    await visible(page, '+60 蓝钻').waitFor();
  });

  it("turns the server's 1001 into the low-balance dialog when the balance shown is out of date", async () => {
    const { page } = phone;
    const account = await apiRegister();
    await fundBySandbox(account, 0);
    const funded = await balanceOf(account);
    const games = (await allGames()).filter((g) => g.onlineType !== 0 && g.platforms.includes(1));
    const cheap = [...games].sort((a, b) => a.buyAmount - b.buyAmount)[0];
    // Another purchase (elsewhere) leaves less than the cheap game costs.
    const other = games.find(
      (g) => g.id !== cheap.id && g.buyAmount <= funded && funded - g.buyAmount < cheap.buyAmount,
    );
    if (!other) throw new Error('no pair of demo games fits the smallest pack');
    await loginAs(page, account);
    await page.goto(`${baseUrl()}/detail/${cheap.appID}`);
    await androidButton(page).click();
    const confirm = page.getByRole('dialog', { name: '下载确认' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`当前余额：${funded} 蓝钻`);

    await api(`/user/game/download/${other.id}`, { platformType: '1' }, account);
    await confirm.getByRole('button', { name: /确认/ }).click();
    await page.getByRole('dialog', { name: '当前蓝钻余额不足！' }).waitFor();
    expect(await balanceOf(account)).toBe(funded - other.buyAmount);
  });

  it('opens a membership from /profile?fun=member, shows the new expiry, then downloads paid games free', async () => {
    const { page } = phone;
    const account = await apiRegister();
    await fundBySandbox(account, 1);
    const funded = await balanceOf(account);
    expect(funded).toBeGreaterThanOrEqual(300);
    await loginAs(page, account);

    await page.goto(`${baseUrl()}/profile?fun=member`);
    const panel = page.getByRole('dialog', { name: '开通会员' });
    await panel.waitFor();
    // The server paints the panel as a guest's; the account's own follows once the app takes over.
    await expect.poll(() => panel.textContent()).toContain('未开通会员');
    await panel.getByRole('button', { name: /^月卡/ }).click();
    const expected = new Date(Date.now() + 30 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await panel.textContent()).toContain(`开通后有效期至 ${expected}`);
    await panel.getByRole('button', { name: /立即开通/ }).click();
    await visible(page, `会员开通成功，有效期至 ${expected}`).waitFor();
    await expect.poll(() => panel.textContent()).toContain(`会员 · 有效期至 ${expected}`);
    const afterVip = await balanceOf(account);
    expect(afterVip).toBe(funded - 300);

    // Closing the panel takes the query away.
    await panel.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/profile`);

    const game = (await allGames())
      .filter((g) => g.onlineType !== 0 && g.platforms.includes(1))
      .sort((a, b) => b.buyAmount - a.buyAmount)[0];
    expect(game.buyAmount).toBeGreaterThan(afterVip);
    await page.goto(`${baseUrl()}/detail/${game.appID}`);
    await androidButton(page).click();
    const confirm = page.getByRole('dialog', { name: '下载确认' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('会员免费下载');
    expect(await confirm.textContent()).toContain(`会员有效期至 ${expected}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: /确认/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.apk$/);
    expect(await balanceOf(account)).toBe(afterVip);
  });

  it('a plan the balance cannot pay opens the low-balance dialog over the panel', async () => {
    const { page } = phone;
    await asNewUser(page);
    await page.goto(`${baseUrl()}/profile?fun=member`);
    const panel = page.getByRole('dialog', { name: '开通会员' });
    await panel.getByRole('button', { name: /立即开通/ }).click();
    const low = page.getByRole('dialog', { name: '当前蓝钻余额不足！' });
    await low.waitFor();
    await low.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => low.count()).toBe(0);
    expect(await panel.isVisible()).toBe(true);
  });

  it('claims a gift code, copies it, and finds it under 奖励礼包', async () => {
    const { page } = phone;
    await asNewUser(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    let target: { game: GameRow; pack: PackRow } | null = null;
    for (const game of await allGames()) {
      const packs = await api<PackRow[]>('/web/game/detail/giftlist', { appID: String(game.appID) });
      const pack = packs.find((p) => p.status === 'open' && p.remaining > 0);
      if (pack) {
        target = { game, pack };
        break;
      }
    }
    if (!target) throw new Error('the demo content has no open gift pack');
    await page.goto(`${baseUrl()}/detail/${target.game.appID}`);
    const card = page.getByRole('article', { name: target.pack.title }).filter({ visible: true });
    await card.getByRole('button', { name: '领取' }).click();
    const code = card.locator('.gift-card__code strong');
    await code.waitFor();
    const claimed = (await code.textContent()) ?? '';
    expect(claimed).toMatch(/^\w{6,}$/);
    await expect.poll(() => card.textContent()).toContain(`剩余 ${target.pack.remaining - 1}/`);

    await card.getByRole('button', { name: '复制' }).click();
    await visible(page, '复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(claimed);

    await page.goto(`${baseUrl()}/gifts`);
    await visible(page, claimed).waitFor();
    await visible(page, target.pack.title).waitFor();
  });

  it('offers the app for this phone on /download and counts the visit', async () => {
    const { page } = phone;
    const visits: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/game/download/upload')) visits.push(r.postData() ?? '');
    });
    await asGuest(page, '/download?code=ch7&inviteCode=INV42');
    await visible(page, '蓝钻乐园').first().waitFor();
    await expect.poll(() => visits.length).toBe(1);
    expect(visits[0]).toContain('channelID=ch7');
    expect(visits[0]).toContain('inviteCode=INV42');
    // The test portal has no app package configured: the page says so instead of a dead button.
    await visible(page, /安装包/)
      .first()
      .waitFor();
  });
});

describe('the download page of a portal that ships its app', () => {
  const IOS_URL = 'https://apps.apple.com/cn/app/id1234567890';
  const ANDROID_URL = 'https://cdn.example.com/ld/app-release.apk';
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal({ BUNDLE_URL: IOS_URL, PACKAGE_URL: ANDROID_URL });
  });
  afterAll(async () => {
    const trouble = portal?.troubleLines() ?? [];
    await portal?.stop();
    expect(trouble, 'warnings and errors the portal logged').toEqual([]);
  });

  async function downloadLinks(userAgent: string, viewport?: { width: number; height: number }) {
    const { context, close } = await launchPhone({ userAgent, viewport });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${portal.baseUrl}/`);
      await page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
      await page.reload();
      // The header offers the app once the config carries a package.
      await page.getByRole('link', { name: '下载APP' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/download');
      const links = page.getByRole('link', { name: /立即下载/ });
      await links.first().waitFor();
      return await links.evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
    } finally {
      await close();
    }
  }

  it('offers Android phones the package and iPhones the App Store', async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    expect(await downloadLinks(android)).toEqual([['安卓 立即下载', ANDROID_URL]]);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(await downloadLinks(iphone)).toEqual([['iOS 立即下载', IOS_URL]]);
  });

  it('offers both on a desktop browser', async () => {
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    expect(await downloadLinks(desktop, { width: 1280, height: 800 })).toEqual([
      ['iOS 立即下载', IOS_URL],
      ['安卓 立即下载', ANDROID_URL],
    ]);
  });
});
