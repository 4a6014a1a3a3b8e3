import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { SmsCodeButton } from './sms-code-button';

type Call = { url: string; body: URLSearchParams };
let calls: Call[] = [];

function stubServer(answer: (call: Call) => { status?: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, body: new URLSearchParams(String(init.body)) };
      calls.push(call);
      const { status = 200, body } = answer(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function renderButton(phone: string | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SmsCodeButton type="login" takePhone={() => phone} />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /获取验证码/ }) as HTMLButtonElement;
}

describe('获取验证码', () => {
  beforeEach(() => {
    calls = [];
    useToastStore.setState({ items: [] });
    // Only the countdown's clock is faked; React Query's own timers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends nothing while the phone field is invalid', () => {
    stubServer(() => ({ body: { code: 0, msg: 'success', data: null } }));
    const button = renderButton(null);
    fireEvent.click(button);
    expect(calls).toHaveLength(0);
    expect(button.disabled).toBe(false);
  });

  it('sends the code, then counts down 60 s with the button disabled', async () => {
    stubServer(() => ({ body: { code: 0, msg: 'success', data: null } }));
    const button = renderButton('13800138000');
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('获取验证码，60 秒后重发'));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/user/smsCode');
    expect(calls[0].body.get('phone')).toBe('13800138000');
    expect(calls[0].body.get('type')).toBe('login');
    expect(button.disabled).toBe(true);
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('验证码已发送，5 分钟内有效');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(button.textContent).toBe('获取验证码，30 秒后重发');
    fireEvent.click(button);
    expect(calls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });

  it('counts down the wait the server asks for when sends come too fast', async () => {
    stubServer(() => ({
      status: 429,
      body: { code: 429, msg: '验证码发送过于频繁，请 42 秒后再试', data: { retryAfter: 42 } },
    }));
    const button = renderButton('13800138000');
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('获取验证码，42 秒后重发'));
    expect(useToastStore.getState().items.map((t) => t.message)).toContain(
      '验证码发送过于频繁，请 42 秒后再试',
    );
  });

  it('leaves the button ready when the send fails for another reason', async () => {
    stubServer(() => ({ body: { code: 1, msg: '该手机号已绑定其他账号', data: null } }));
    const button = renderButton('13800138000');
    fireEvent.click(button);
    await vi.waitFor(() => expect(useToastStore.getState().items).toHaveLength(1));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });
});
