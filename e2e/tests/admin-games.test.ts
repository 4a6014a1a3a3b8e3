import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import {
  chooseOption,
  consoleLogin,
  createOperatorByCommand,
  holdAnswers,
  useDesktop,
} from '../src/desktop.ts';
import { asGuest, uniqueName } from '../src/fixtures.ts';

// 游戏 and 礼包 in the console (1280×800) against the real portal: an editor creates a game with an
// icon and publishes it, adds a gift pack with a pasted code pool, and a phone (390×844) sees the
// game and the pack's stock at once.
describe('operator console: games and gift packs', () => {
  const desktop = useDesktop();
  const editor = { name: uniqueName('gamer').toLowerCase(), password: 'Ed1tor!games' };
  const game = `云端探险 ${Date.now().toString(36)}`;
  const pack = `首发礼包 ${Date.now().toString(36)}`;

  beforeAll(() => {
    createOperatorByCommand(editor.name, 'editor', editor.password);
  });

  const expectAccessible = async (page: Page, where: string) => {
    await settle(page);
    expect(formatViolations(await scanAccessibility(page), where)).toBe('');
  };

  it('the editor creates a game as a draft, uploads its icon and publishes it', async () => {
    const { page } = desktop;
    await consoleLogin(page, editor.name, editor.password);
    await expect.poll(() => page.getByRole('menuitem', { name: '游戏' }).count()).toBe(1);
    await page.getByRole('menuitem', { name: '游戏' }).click();
    await expect.poll(() => page.url()).toContain('/admin/games');
    await expect.poll(() => page.getByRole('cell', { name: '星海远征', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'games list');

    await page.getByRole('button', { name: '新建游戏' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '新建游戏' }).count()).toBe(1);
    // A refused save says why under the field and keeps what was typed.
    await page.getByLabel('游戏名称').fill(game);
    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect.poll(() => page.getByText('请选择游戏分类').count()).toBe(1);
    expect(await page.getByLabel('游戏名称').inputValue()).toBe(game);
    await page.getByRole('combobox', { name: '分类' }).click();
    await chooseOption(page, '休闲');
    await page.getByRole('combobox', { name: '标签' }).fill('冒险');
    await page.keyboard.press('Enter');
    await page.getByLabel('简介').fill('乘着热气球穿过云海，寻找传说中的天空之城。');
    await expectAccessible(page, 'new game');
    await page.getByRole('button', { name: '保存草稿' }).click();

    await expect.poll(() => page.url()).toMatch(/\/admin\/games\/edit\/\d+$/);
    await expect.poll(() => page.getByText('草稿', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '发布', exact: true }).isDisabled()).toBe(true);
    const icon = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1677ff' } })
      .png()
      .toBuffer();
    // The upload spins its own button, not 发布; both are plain buttons again once it is done.
    const held = await holdAnswers(page, '**/icon', 1000);
    await page
      .locator('.ant-card-small', { hasText: '裁成正方形' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: icon });
    await expect
      .poll(() => page.getByRole('button', { name: 'loading 上传图标', exact: true }).count())
      .toBe(1);
    expect(await page.getByRole('button', { name: '发布', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('img', { name: `${game} 图标` }).count()).toBe(1);
    await held.release();

    expect(await page.getByRole('button', { name: '更换图标', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'edit game');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect.poll(() => page.getByText('已发布', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('the editor adds a gift pack with a pasted code pool; duplicates are counted, the stock shown', async () => {
    const { page } = desktop;
    await page.getByRole('menuitem', { name: '礼包' }).click();
    await expect.poll(() => page.url()).toContain('/admin/gift-packs');
    await expectAccessible(page, 'gift packs list');
    await page.getByRole('button', { name: '新建礼包' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '新建礼包' }).count()).toBe(1);
    await page.getByRole('combobox', { name: '游戏' }).fill(game.slice(0, 4));
    await chooseOption(page, game);
    await page.getByLabel('礼包名称').fill(pack);
    await page.getByLabel('礼包内容').fill('钻石×100、热气球皮肤×1');
    await page
      .getByLabel('兑换码（可稍后导入）')
      .fill(['YUN-0001', 'YUN-0002', 'YUN-0003', 'YUN-0002'].join('\n'));
    await expectAccessible(page, 'new gift pack');
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() =>
        page
          .getByText('新增 3 个兑换码，重复未导入 1 个（文件内重复 1 个，码池已有 0 个）；库存 3 / 3')
          .count(),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.url()).toMatch(/\/admin\/gift-packs(\?|$)/);
    const row = page.getByRole('row', { name: new RegExp(pack) });
    await expect.poll(() => row.getByText('3 / 3').count()).toBe(1);
    await expect.poll(() => row.getByText('领取中').count()).toBe(1);
  });

  it('a phone sees the new game and its pack at once', async () => {
    const phone = await launchPhone();
    try {
      const portal = phone.context.pages()[0] ?? (await phone.context.newPage());
      await asGuest(portal, '/games');
      const card = portal
        .getByRole('link', { name: new RegExp(game) })
        .filter({ visible: true })
        .first();
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      await card.click();
      await expect.poll(() => portal.url()).toMatch(/\/detail\/\d+/);
      await expect.poll(() => portal.getByText(pack).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => portal.getByText('剩余 3/3').count()).toBeGreaterThan(0);
      expect(await portal.getByRole('img', { name: game }).count()).toBeGreaterThan(0);
    } finally {
      await phone.close();
    }
  });
});
