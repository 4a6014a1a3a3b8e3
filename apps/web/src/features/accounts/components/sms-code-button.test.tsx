import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import { SmsCodeButton } from './sms-code-button';

function renderButton(phone: string | null) {
  const view = renderApp(<SmsCodeButton type="login" takePhone={() => phone} />);
  return { ...view, button: screen.getByRole('button', { name: /获取验证码/ }) as HTMLButtonElement };
}

const toasts = () => useToastStore.getState().items.map((t) => t.message);

describe('获取验证码', () => {
  beforeEach(() => {
    // Only the countdown's clock is faked; React Query's own timers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing while the phone field is invalid', () => {
    const { server, button } = renderButton(null);
    fireEvent.click(button);
    expect(server.requests).toHaveLength(0);
    expect(button.disabled).toBe(false);
  });

  it('sends the code, then counts down 60 s with the button disabled', async () => {
    const { server, button } = renderButton('13800138000');
    server.on('POST /user/smsCode', () => null);
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('获取验证码，60 秒后重发'));
    const sent = server.requestsTo('POST /user/smsCode');
    expect(sent).toHaveLength(1);
    expect(sent[0].form.get('phone')).toBe('13800138000');
    expect(sent[0].form.get('type')).toBe('login');
    expect(button.disabled).toBe(true);
    expect(toasts()).toContain('验证码已发送，5 分钟内有效');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(button.textContent).toBe('获取验证码，30 秒后重发');
    fireEvent.click(button);
    expect(server.requests).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });

  it('counts down the wait the server asks for when sends come too fast', async () => {
    const { server, button } = renderButton('13800138000');
    server.on('POST /user/smsCode', () =>
      fail(429, '验证码发送过于频繁，请 42 秒后再试', { status: 429, data: { retryAfter: 42 } }),
    );
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('获取验证码，42 秒后重发'));
    expect(toasts()).toContain('验证码发送过于频繁，请 42 秒后再试');
  });

  it('leaves the button ready when the send fails for another reason', async () => {
    const { server, button } = renderButton('13800138000');
    server.on('POST /user/smsCode', () => fail(1, '该手机号已绑定其他账号'));
    fireEvent.click(button);
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });
});
