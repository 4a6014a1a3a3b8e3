import { describe, expect, it } from 'vitest';
import { baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// 段评 (issue 8): the demo reader long-presses a paragraph, posts a comment in the sheet and the
// paragraph's count bubble goes up.

interface Account {
  uid: string;
  token: string;
  [key: string]: unknown;
}

async function api<T>(path: string, init: { method?: string; body?: Record<string, string> } = {}) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: init.body ? new URLSearchParams({ appID: '2008', ...init.body }) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

describe('paragraph comments', () => {
  const phone = usePhone();

  it('posts a comment on a paragraph and sees its count go up', async () => {
    const { page } = phone;
    const account = await api<Account>('/user/login', {
      method: 'POST',
      body: { loginName: 'demo', password: 'demo123456' },
    });
    const units = await api<{ records: Array<{ id: number; index: number; price: number }> }>(
      '/v1/novel/5/chapters?pageSize=10',
    );
    const unit = units.records.find((u) => u.price === 0 && u.index === 2);
    if (!unit) throw new Error('book 5 has no free chapter 2');
    const before =
      (await api<{ paragraphCommentCounts: number[] }>(`/v1/novel/5/chapter/${unit.id}`))
        .paragraphCommentCounts[1] ?? 0;

    await loginAs(page, account, `/readbook/5/${unit.id}`);
    const paragraph = page.locator('[data-p="1"]');
    await paragraph.waitFor();
    // A long press on a phone is the context menu.
    await paragraph.click({ button: 'right' });
    const sheet = page.getByRole('dialog', { name: '段评' });
    await sheet.waitFor();
    const text = `e2e 段评 ${Date.now()}`;
    await sheet.getByRole('textbox', { name: '段评内容' }).fill(text);
    await sheet.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => sheet.getByText(text).isVisible()).toBe(true);
    await sheet.getByRole('button', { name: '关闭' }).click();
    await expect
      .poll(() => paragraph.getByRole('button', { name: `${before + 1} 条段评` }).isVisible())
      .toBe(true);
  });

  it('writes the first 段评 of the paragraph in view from the toolbar', async () => {
    const { page } = phone;
    const account = await api<Account>('/user/login', {
      method: 'POST',
      body: { loginName: 'demo', password: 'demo123456' },
    });
    const units = await api<{ records: Array<{ id: number; index: number; price: number }> }>(
      '/v1/novel/6/chapters?pageSize=10',
    );
    const unit = units.records.find((u) => u.price === 0 && u.index === 1);
    if (!unit) throw new Error('book 6 has no free chapter 1');

    await loginAs(page, account, `/readbook/6/${unit.id}`);
    const first = page.locator('[data-p="0"]');
    await first.waitFor();
    // A tap in the middle shows the toolbars; 段评 opens the sheet of the paragraph at the top.
    await page.mouse.click(195, 422);
    await page.getByRole('button', { name: '段评', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: '段评' });
    await sheet.waitFor();
    const excerpt = (await first.evaluate((el) => el.firstChild?.textContent ?? '')).trim();
    expect(await sheet.textContent()).toContain(excerpt.slice(0, 12));
    const text = `e2e 首条段评 ${Date.now()}`;
    await sheet.getByRole('textbox', { name: '段评内容' }).fill(text);
    await sheet.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => sheet.getByText(text).isVisible()).toBe(true);
    await sheet.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => first.getByRole('button', { name: /条段评$/ }).isVisible()).toBe(true);
  });
});
