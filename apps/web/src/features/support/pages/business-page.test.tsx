import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { changeTo, handlersOf } from '../../../testing/handlers-of';
import { renderApp } from '../../../testing/render';
import BusinessPage from './business-page';

const serverWithoutContacts = () =>
  fakeServer().on('GET /v1/square/config/list', () => ({
    records: [],
    total: 0,
    size: 99,
    current: 1,
    pages: 1,
    nextCursor: null,
  }));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

describe('合作共赢', () => {
  it('keeps every field when changes to two of them come from the same render', async () => {
    // As at hydration: React replays what was typed before the app took over, and the next field's
    // change can come before the render in between, both handled by the hydrating render's
    // handlers (seen in CI: 公司/称呼 came back empty). Here both handlers are called in one batch.
    renderApp(<BusinessPage />, { at: '/business', server: serverWithoutContacts() });
    const company = handlersOf(field('公司/称呼'));
    const contact = handlersOf(field('联系方式'));
    act(() => {
      company.onChange(changeTo('星河游戏'));
      contact.onChange(changeTo('bd@example.com'));
    });
    expect([field('公司/称呼').value, field('联系方式').value]).toEqual(['星河游戏', 'bd@example.com']);
  });

  it('names each missing field, and clears a message once its field is right', async () => {
    const { user } = renderApp(<BusinessPage />, { at: '/business', server: serverWithoutContacts() });
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写公司名称或您的称呼')).toBeTruthy();
    expect(screen.getByText('请填写手机号、微信或邮箱，方便我们联系您')).toBeTruthy();
    expect(screen.getByText('合作内容至少 5 个字')).toBeTruthy();
    await user.type(field('公司/称呼'), '星河游戏');
    expect(screen.queryByText('请填写公司名称或您的称呼')).toBeNull();
    expect(screen.getByText('请填写手机号、微信或邮箱，方便我们联系您')).toBeTruthy();
  });
});
