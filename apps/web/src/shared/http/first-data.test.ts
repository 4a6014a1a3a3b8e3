import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST, useAccountStore } from '../stores/account';
import { http } from './client';
import { FIRST_DATA_ELEMENT_ID, requestKey, resetFirstData } from './first-data';

// docs/decisions/0043-phone-speed.md: the server answers a page's first requests inside the HTML.
const ok = (data: unknown) => ({ code: 0, msg: 'ok', data });

function embed(answers: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
}

let fetched: string[] = [];
beforeEach(() => {
  resetFirstData();
  fetched = [];
  useAccountStore.setState({ account: GUEST });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(ok('from the network'))));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(FIRST_DATA_ELEMENT_ID)?.remove();
});

describe('first data in the HTML', () => {
  it('keys a request by method, path and sorted fields, without the portal’s appID or empty values', () => {
    expect(
      requestKey('POST', '/web/game/list', { appID: 2008, type: 2, keyword: undefined, pageSize: 10 }),
    ).toBe('POST /web/game/list?pageSize=10&type=2');
    expect(requestKey('GET', '/v1/novel/list', { sort: 1, keyword: '', category: null })).toBe(
      'GET /v1/novel/list?sort=1',
    );
    expect(requestKey('GET', '/v1/game/types')).toBe('GET /v1/game/types');
    // A page's own appID (a game's id) is part of the request; only the portal's is left out.
    expect(requestKey('POST', '/web/game/detail', { appID: 50001 })).toBe(
      'POST /web/game/detail?appID=50001',
    );
    expect(requestKey('GET', '/x', { ids: [1, 2] })).toBeNull();
  });

  it('answers a matching GET and form POST once from the page, then asks the network', async () => {
    embed({
      'GET /v1/novel/list?pageSize=18&sort=1': ok({ records: ['书'] }),
      'POST /web/game/list?pageSize=10': ok({ records: ['游戏'] }),
    });
    expect(await http.get('/v1/novel/list', { sort: 1, pageSize: 18, keyword: '' })).toEqual({
      records: ['书'],
    });
    expect(await http.post('/web/game/list', { pageSize: 10, cursor: undefined })).toEqual({
      records: ['游戏'],
    });
    expect(fetched).toEqual([]);
    expect(document.getElementById(FIRST_DATA_ELEMENT_ID)).toBeNull();
    // Taken once: a refresh asks the server.
    expect(await http.get('/v1/novel/list', { sort: 1, pageSize: 18 })).toBe('from the network');
    expect(fetched).toEqual(['/api/v1/novel/list?sort=1&pageSize=18']);
  });

  it('asks the network for a request the page did not describe, and for a logged-in user', async () => {
    embed({ 'GET /v1/novel/list?pageSize=18&sort=1': ok({ records: ['书'] }) });
    expect(await http.get('/v1/novel/list', { sort: 2, pageSize: 18 })).toBe('from the network');
    useAccountStore.setState({ account: { ...GUEST, uid: '7', token: 't' } });
    // The server answered as a guest: a logged-in user's list may differ (purchases, membership).
    expect(await http.get('/v1/novel/list', { sort: 1, pageSize: 18 })).toBe('from the network');
    expect(fetched).toHaveLength(2);
  });
});
