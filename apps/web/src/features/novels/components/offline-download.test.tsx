import type { Chapter } from '@ld/contract/novels';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installMemoryCaches, type MemoryCaches } from '../../../testing/cache-storage';
import { fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { chaptersOf, detail, subscription } from '../lib/fake-novels';
import BookInfoPage from '../pages/book-info-page';
import SubscribeListPage from '../pages/subscribe-list-page';

const at = { at: '/bookinfo/1', path: '/bookinfo/:id' };
const CACHE = `ld-offline-v1-${TEST_ACCOUNT.uid}`;

const chapterText = (id: number): Chapter => ({
  id,
  workId: 1,
  index: id,
  title: `第${id}章 标题${id}`,
  paragraphs: [`第${id}章的正文。`],
  prevId: id > 1 ? id - 1 : null,
  nextId: id + 1,
  prev:
    id > 1
      ? { id: id - 1, title: `第${id - 1}章 标题${id - 1}`, price: 0, vip: false, unlocked: true }
      : null,
  next: null,
  paragraphCommentCounts: [0],
  price: 0,
  vip: false,
  charged: 0,
});

let memory: MemoryCaches;
beforeEach(() => {
  memory = installMemoryCaches();
});
afterEach(() => memory.remove());

describe('离线阅读 on 书籍详情', () => {
  it('downloads the open chapters, skips the locked ones, then deletes the download', async () => {
    // 8 chapters: 1–5 free, 6–8 locked to this reader.
    const server = fakeServer()
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => detail({ subscribed: true, unitCount: 8 }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(8))
      .on('GET /v1/novel/:id/chapter/:cid', (r) => chapterText(Number(r.params.cid)));
    const { user } = renderApp(<BookInfoPage />, { ...at, server, account: TEST_ACCOUNT });
    const region = await screen.findByRole('region', { name: '离线阅读' });
    await user.click(await within(region).findByRole('button', { name: '下载' }));

    expect(await within(region).findByText('已下载 5章，可离线阅读')).toBeTruthy();
    expect(within(region).getByText('3 章未解锁，已跳过')).toBeTruthy();
    // Only the chapters open to the reader were asked for: nothing was bought.
    const asked = server.requestsTo('GET /v1/novel/:id/chapter/:cid').map((r) => Number(r.params.cid));
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5]);
    // The reader's addresses are kept for the service worker.
    const kept = memory.urls(CACHE);
    expect(kept).toContain('/api/v1/novel/1');
    expect(kept).toContain('/api/v1/novel/1/chapter/5');
    expect(kept).toContain('/api/v1/novel/1/chapters?order=asc&from=1&pageSize=100');
    expect(kept).not.toContain('/api/v1/novel/1/chapter/6');

    await user.click(within(region).getByRole('button', { name: '删除下载' }));
    expect(await within(region).findByRole('button', { name: '下载' })).toBeTruthy();
    expect(memory.urls(CACHE)).toEqual([]);
  });

  it('stops on 取消下载, keeps what was saved, and goes on from there', async () => {
    const held: Array<() => void> = [];
    let hold = true;
    const server = fakeServer()
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => detail({ subscribed: true, unitCount: 5 }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(5))
      .on('GET /v1/novel/:id/chapter/:cid', async (r) => {
        const cid = Number(r.params.cid);
        if (hold && cid > 1) await new Promise<void>((resolve) => held.push(resolve));
        return chapterText(cid);
      });
    const { user } = renderApp(<BookInfoPage />, { ...at, server, account: TEST_ACCOUNT });
    const region = await screen.findByRole('region', { name: '离线阅读' });
    await user.click(await within(region).findByRole('button', { name: '下载' }));
    expect(await within(region).findByText('已下载 1/5章')).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: '下载进度' })).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: '取消下载' }));
    for (const release of held) release();
    expect(await within(region).findByText('已下载 1章（未完成）')).toBeTruthy();

    hold = false;
    await user.click(within(region).getByRole('button', { name: '继续下载' }));
    expect(await within(region).findByText('已下载 5章，可离线阅读')).toBeTruthy();
    // Chapter 1 was kept: it is not fetched a second time.
    const asked = server.requestsTo('GET /v1/novel/:id/chapter/:cid').map((r) => Number(r.params.cid));
    expect(asked.filter((cid) => cid === 1)).toHaveLength(1);
  });

  it('is offered only for a book on the shelf', async () => {
    const server = fakeServer()
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => detail({ subscribed: false }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(8));
    renderApp(<BookInfoPage />, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('button', { name: '加入书架' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '离线阅读' })).toBeNull();
  });

  it('marks a downloaded book on 我的订阅', async () => {
    const record = { id: 1, title: '万古星河', total: 2, saved: 2, locked: 0, complete: true, time: 1 };
    await (await caches.open(CACHE)).put('/__offline/book/1', new Response(JSON.stringify(record)));
    const server = fakeServer().on('GET /v1/subscriptions', () => ({
      records: [subscription({ id: 1, title: '万古星河' }), subscription({ id: 2, title: '别的书' })],
      nextCursor: null,
    }));
    renderApp(<SubscribeListPage />, { at: '/subscriblist', server, account: TEST_ACCOUNT });
    const downloaded = await screen.findByRole('link', { name: /万古星河/ });
    expect(within(downloaded).getByText('已下载')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /别的书/ })).queryByText('已下载')).toBeNull();
  });
});
