import type { Chapter } from '@ld/contract/novels';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_NOTICE } from '../../../shared/http/network-notice';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import { detail } from '../lib/fake-novels';
import ReadBookPage from './read-book-page';

const chapter = (id: number): Chapter => ({
  id,
  workId: 1,
  index: 1,
  title: '第1章 夜雨',
  paragraphs: ['雨落在青石街上。'],
  prevId: null,
  nextId: null,
  prev: null,
  next: null,
  paragraphCommentCounts: [0],
  price: 0,
  vip: false,
  charged: 0,
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('the reader without a network', () => {
  it('says a chapter was not downloaded, marks 离线, and opens it again once the network is back', async () => {
    let networkUp = false;
    const lost = () => {
      // What fetch does without a network (and without a downloaded copy in the service worker).
      if (!networkUp) throw new TypeError('Failed to fetch');
    };
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', (r) => {
        lost();
        return chapter(Number(r.params.cid));
      })
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => {
        lost();
        return detail();
      });
    setOnline(false);
    const { user } = renderApp(<ReadBookPage />, { at: '/readbook/1/1', path: '/readbook/:id/:cid', server });

    expect(await screen.findByText('网络不可用，本章未下载')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('离线');
    // Offline, the failed reads are not toasted over the page: one calm notice says it once.
    expect(useToastStore.getState().items.map((t) => [t.type, t.message])).toEqual([
      ['info', OFFLINE_NOTICE],
    ]);

    networkUp = true;
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('雨落在青石街上。')).toBeTruthy();
  });
});
