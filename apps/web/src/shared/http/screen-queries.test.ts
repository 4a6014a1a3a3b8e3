import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { SCREEN_QUERIES_ELEMENT_ID, seedScreenQueries } from './screen-queries';

const embed = (text: string) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SCREEN_QUERIES_ELEMENT_ID;
  element.textContent = text;
  document.body.appendChild(element);
};

describe('seedScreenQueries', () => {
  afterEach(() => {
    document.getElementById(SCREEN_QUERIES_ELEMENT_ID)?.remove();
  });

  it('puts a guest’s server-rendered queries into the cache with the server’s fetch time', () => {
    const at = Date.now() - 5_000;
    embed(
      JSON.stringify([
        { key: ['novels', 'list', { page: 1 }], data: { records: [{ title: '星河剑歌' }] }, at },
        { key: ['square', 'feed'], data: { pages: [{ records: [] }], pageParams: [''] }, at },
      ]),
    );
    const client = new QueryClient();
    expect(seedScreenQueries(client, true)).toBe(2);
    expect(client.getQueryData(['novels', 'list', { page: 1 }])).toEqual({
      records: [{ title: '星河剑歌' }],
    });
    expect(client.getQueryState(['novels', 'list', { page: 1 }])?.dataUpdatedAt).toBe(at);
    expect(client.getQueryData(['square', 'feed'])).toEqual({ pages: [{ records: [] }], pageParams: [''] });
    // Taken out of the document, as the first data is.
    expect(document.getElementById(SCREEN_QUERIES_ELEMENT_ID)).toBeNull();
  });

  it('never counts a time from the future (a server clock ahead of the phone’s)', () => {
    embed(JSON.stringify([{ key: ['k'], data: 1, at: Date.now() + 3_600_000 }]));
    const client = new QueryClient();
    seedScreenQueries(client, true);
    expect(client.getQueryState(['k'])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('leaves a signed-in visitor’s cache empty: the server rendered what a guest sees', () => {
    embed(JSON.stringify([{ key: ['k'], data: 1, at: Date.now() }]));
    const client = new QueryClient();
    expect(seedScreenQueries(client, false)).toBe(0);
    expect(client.getQueryData(['k'])).toBeUndefined();
    expect(document.getElementById(SCREEN_QUERIES_ELEMENT_ID)).toBeNull();
  });

  it('ignores an unreadable list or malformed entries', () => {
    embed('{not json');
    expect(seedScreenQueries(new QueryClient(), true)).toBe(0);
    embed(
      JSON.stringify([
        { key: 'not-a-list', data: 1, at: 1 },
        { key: ['ok'], data: 2, at: Date.now() },
      ]),
    );
    const client = new QueryClient();
    expect(seedScreenQueries(client, true)).toBe(1);
    expect(client.getQueryData(['ok'])).toBe(2);
    expect(seedScreenQueries(client, true)).toBe(0);
  });
});
