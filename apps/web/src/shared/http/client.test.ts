import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../../testing/console';
import { useAccountStore } from '../stores/account';
import { useToastStore } from '../ui/toast-store';
import {
  ApiError,
  CancelError,
  cancelRequest,
  http,
  pendingRequests,
  setSessionExpiredHandler,
} from './client';
import { NETWORK_NOTICE, networkBack, OFFLINE_NOTICE } from './network-notice';

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(respond: (call: Call) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return Promise.resolve(respond(call));
    }),
  );
}

/** A fetch that only settles when aborted, like a slow server. */
function stubHangingFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          calls.push({ url, init });
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
}

describe('http client', () => {
  beforeEach(() => {
    calls = [];
    useToastStore.setState({ items: [] });
    useAccountStore.getState().reset();
    networkBack();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts a form body with appID, the spec headers and the session headers, and answers data', async () => {
    useAccountStore.getState().setAccount({ ...useAccountStore.getState().account, uid: '42', token: 't0k' });
    stubFetch(() => answer({ code: 0, msg: 'success', data: { ok: 1 } }));
    await expect(http.post('user/center/me', { uid: '42' })).resolves.toEqual({ ok: 1 });
    const { url, init } = calls[0];
    expect(url).toBe('/api/user/center/me');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Accept).toContain('application/json');
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(headers.uid).toBe('42');
    expect(headers.token).toBe('t0k');
    expect(String(init.body)).toBe('appID=2008&uid=42');
  });

  it('sends a flagged body as JSON and keeps a given appID', async () => {
    stubFetch(() => answer({ code: 0, msg: 'success', data: null }));
    await http.post('/v1/square/post', { content: 'hi', appID: 7 }, { json: true });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ appID: 7, content: 'hi' });
  });

  it('puts GET params in the query, skipping empty ones', async () => {
    stubFetch(() => answer({ code: 0, msg: 'success', data: [] }));
    await http.get('/v1/square/post/list', { currentPage: 2, keyword: '', sort: 1 });
    expect(calls[0].url).toBe('/api/v1/square/post/list?currentPage=2&sort=1');
    expect(calls[0].init.body).toBeUndefined();
  });

  it('on code 2 logs out through the handler and shows no toast', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    stubFetch(() => answer({ code: 2, msg: '登录已失效，请重新登录', data: null }));
    await expect(http.post('user/center/me')).rejects.toMatchObject({ code: 2 });
    expect(expired).toHaveBeenCalledOnce();
    expect(useToastStore.getState().items).toHaveLength(0);
  });

  it('toasts a business refusal unless the caller handles that code', async () => {
    stubFetch(() => answer({ code: 1001, msg: '余额不足', data: { coinNum: 1, price: 9 } }));
    await expect(http.post('x', {}, { quiet: [1001] })).rejects.toMatchObject({
      code: 1001,
      data: { price: 9 },
    });
    expect(useToastStore.getState().items).toHaveLength(0);
    await expect(http.post('x')).rejects.toBeInstanceOf(ApiError);
    expect(useToastStore.getState().items[0].message).toBe('余额不足');
  });

  it('replaces status messages, with the URL for 404, and keeps the server message for bad input', async () => {
    stubFetch(() => new Response('<html>', { status: 404 }));
    await expect(http.get('/nope')).rejects.toMatchObject({ message: '请求地址出错: /nope', status: 404 });
    stubFetch(() => new Response('', { status: 503 }));
    await expect(http.get('/busy')).rejects.toMatchObject({ message: '服务不可用' });
    stubFetch(() => answer({ code: 400, msg: 'phone: 手机号须为 11 位数字', data: null }, 400));
    await expect(http.post('/user/smsCode')).rejects.toMatchObject({
      message: 'phone: 手机号须为 11 位数字',
    });
  });

  it('says a lost network once, calmly, instead of a toast per request, and again for a write', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const shown = () => useToastStore.getState().items.map((t) => [t.type, t.message, t.repeatNum]);
    try {
      // Start-up's reads and background writes all fail: the page keeps its error, one notice shows.
      await Promise.all(
        ['/v1/square/config/list', '/v1/square/tag/list', '/v1/popup'].map((u) =>
          expect(http.get(u)).rejects.toMatchObject({ code: 0, message: '网络异常，请检查网络后重试' }),
        ),
      );
      await expect(http.post('/user/center/message/all')).rejects.toMatchObject({ code: 0 });
      expect(shown()).toEqual([['info', OFFLINE_NOTICE, 1]]);

      // Once it has gone, a read says nothing more, but the user's write is told why it failed.
      useToastStore.setState({ items: [] });
      await expect(http.get('/v1/novel/1')).rejects.toMatchObject({ code: 0 });
      expect(shown()).toEqual([]);
      await expect(http.post('/v1/sign')).rejects.toMatchObject({ code: 0 });
      expect(shown()).toEqual([['info', OFFLINE_NOTICE, 1]]);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('says a lost network as 网络异常 when the browser thinks it is online, and still toasts refusals', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await Promise.all([http.get('/a').catch(() => null), http.get('/b').catch(() => null)]);
    expect(useToastStore.getState().items.map((t) => [t.type, t.message])).toEqual([
      ['info', NETWORK_NOTICE],
    ]);
    stubFetch(() => answer({ code: 1004, msg: '内容包含敏感词', data: null }));
    await expect(http.post('/v1/comment')).rejects.toMatchObject({ code: 1004 });
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('内容包含敏感词');
  });

  it('times out after 30 s with 请求超时', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    const pendingCall = http.get('/slow');
    const assertion = expect(pendingCall).rejects.toMatchObject({ message: '请求超时', status: 408 });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
  });

  it('cancels by URL with the cancel message and no toast', async () => {
    stubHangingFetch();
    const a = http.get('/v1/square/post/list');
    const b = http.get('/v1/square/post/list', { currentPage: 2 });
    expect(pendingRequests()).toBe(2);
    cancelRequest('/v1/square/post/list');
    await expect(a).rejects.toBeInstanceOf(CancelError);
    await expect(b).rejects.toThrow('请求已取消');
    expect(pendingRequests()).toBe(0);
    expect(useToastStore.getState().items).toHaveLength(0);
  });

  it('logs a console error when more than 20 cancel handles are pending', async () => {
    stubHangingFetch();
    expectConsoleError('pending request handles exceed 20: 21');
    const requests = Array.from({ length: 21 }, (_, i) => http.get(`/p${i}`).catch(() => undefined));
    for (let i = 0; i < 21; i++) cancelRequest(`/p${i}`);
    await Promise.all(requests);
  });

  it('only logs a non-200 success', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => answer({ code: 0, msg: 'success', data: 5 }, 201));
    await expect(http.post('/x')).resolves.toBe(5);
    expect(warn).toHaveBeenCalled();
  });
});
