import { describe, expect, it } from 'vitest';
import { requestKey } from '../src/request-key.ts';

// The server writes a page's first answers under these keys and the web client looks them up with
// its own requests: one function, so a key made on either side meets the other's.
describe('requestKey', () => {
  it('sorts the fields, so the order they were given in does not matter', () => {
    const a = requestKey('GET', '/v1/novel/list', { pageSize: 10, category: 3 }, 2008);
    const b = requestKey('GET', '/v1/novel/list', { category: '3', pageSize: '10' }, 2008);
    expect(a).toBe('GET /v1/novel/list?category=3&pageSize=10');
    expect(b).toBe(a);
  });

  it('leaves out null and undefined fields, as the client leaves them out of what it sends', () => {
    expect(requestKey('GET', '/v1/home', { cursor: null, kind: undefined, page: 1 }, 2008)).toBe(
      'GET /v1/home?page=1',
    );
    expect(requestKey('POST', '/web/game/list', { tag: null }, 2008)).toBe('POST /web/game/list');
  });

  it('answers null for a request with a list field, which the server never describes', () => {
    expect(requestKey('GET', '/v1/search', { kinds: ['game', 'novel'] }, 2008)).toBeNull();
    expect(requestKey('GET', '/v1/search', { ids: [] }, 2008)).toBeNull();
  });

  it("leaves out the caller's own appID but keeps a page's own (a game's)", () => {
    expect(requestKey('POST', '/web/game/list', { appID: 2008, pageSize: 10 }, 2008)).toBe(
      'POST /web/game/list?pageSize=10',
    );
    expect(requestKey('POST', '/web/game/list', { appID: '2008' }, 2008)).toBe('POST /web/game/list');
    expect(requestKey('POST', '/web/game/detail', { appID: 10001 }, 2008)).toBe(
      'POST /web/game/detail?appID=10001',
    );
  });

  it('drops an empty string from a GET only, and encodes names and values', () => {
    expect(requestKey('GET', '/v1/search', { keyword: '' }, 2008)).toBe('GET /v1/search');
    expect(requestKey('POST', '/v1/search', { keyword: '' }, 2008)).toBe('POST /v1/search?keyword=');
    expect(requestKey('GET', '/v1/search', { keyword: '斗 罗&' }, 2008)).toBe(
      `GET /v1/search?keyword=${encodeURIComponent('斗 罗&')}`,
    );
  });
});
