import type { ReadingSettings, WorkDetail } from '@ld/contract/content';
import type { Chapter } from '@ld/contract/novels';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import ReadBookPage from './read-book-page';

// The reader's ways into 段评: a paragraph's count bubble, a long press on any paragraph, and 段评 in
// the toolbar (the paragraph in view).

const PARAGRAPHS = ['雨落在青石街上。', '他推开门。', '灯下有人。'];

const chapter = (id: number, counts: number[]): Chapter => ({
  id,
  workId: 7,
  index: 1,
  title: '第1章 夜雨',
  paragraphs: PARAGRAPHS,
  prevId: null,
  nextId: null,
  prev: null,
  next: null,
  paragraphCommentCounts: counts,
  price: 0,
  vip: false,
  charged: 0,
});

const book: WorkDetail = {
  id: 7,
  kind: 'novel',
  title: '青石夜行',
  author: '南山',
  cover: '/covers/7.webp',
  category: { id: 1, name: '悬疑' },
  tags: [],
  status: 0,
  unitCount: 1,
  latestUnit: null,
  viewCount: 12,
  intro: '',
  wordCount: 1000,
  subscribed: false,
  progress: null,
};

const settings: ReadingSettings = {
  autoUnlock: { enabled: false, dailyCap: 100, todaySpent: 0 },
  reader: { fontSize: 18, lineHeight: 1.8, theme: 'white', mode: 'scroll' },
};

describe('阅读器的段评', () => {
  it('opens a paragraph’s comments from its bubble, and the bubble counts a new comment', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let counts = [0, 0, 3];
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', (r) => chapter(Number(r.params.cid), counts))
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book)
      .on('GET /v1/reading/settings', () => settings)
      .on('PUT /v1/progress', () => fail(1, 'unused'))
      .on('GET /v1/novel/:id/chapter/:cid/comments', () => ({
        records: [],
        total: 0,
        size: 10,
        current: 1,
        pages: 0,
        nextCursor: null,
      }))
      .on('POST /v1/novel/:id/chapter/:cid/comments', (r) => {
        counts = [0, 0, 4];
        const body = r.json as { paragraph: number; content: string };
        return {
          id: 1,
          slot: body.paragraph,
          uid: '1',
          author: { uid: '1', name: '我', avatar: null },
          content: body.content,
          replyCommentId: null,
          replyTo: null,
          likeCount: 0,
          liked: false,
          replyCount: 0,
          isMine: true,
          createTime: new Date().toISOString(),
        };
      });
    const { user } = renderApp(<ReadBookPage />, {
      at: '/readbook/7/101',
      path: '/readbook/:id/:cid',
      server,
      account: {},
    });
    await user.click(await screen.findByRole('button', { name: '3 条段评' }));
    const sheet = await screen.findByRole('dialog', { name: '段评' });
    expect(within(sheet).getByText('灯下有人。')).toBeTruthy();
    await user.type(within(sheet).getByRole('textbox', { name: '段评内容' }), '有意思');
    await user.click(within(sheet).getByRole('button', { name: '发送' }));
    expect(await screen.findByRole('button', { name: '4 条段评' })).toBeTruthy();
    expect(server.requestsTo('POST /v1/novel/:id/chapter/:cid/comments')[0].json).toMatchObject({
      paragraph: 2,
      content: '有意思',
    });

    await user.click(within(sheet).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '段评' })).toBeNull();
    // A paragraph without comments opens by a long press (the context menu).
    fireEvent.contextMenu(screen.getByText('他推开门。'));
    const second = await screen.findByRole('dialog', { name: '段评' });
    expect(within(second).getByText('他推开门。')).toBeTruthy();
    await vi.waitFor(() =>
      expect(
        server.requestsTo('GET /v1/novel/:id/chapter/:cid/comments').map((r) => r.query.get('paragraph')),
      ).toContain('1'),
    );
    await user.click(within(second).getByRole('button', { name: '关闭' }));

    // 段评 in the toolbar: the sheet of the paragraph in view, where the first comment can be written.
    await user.click(screen.getByText('雨落在青石街上。'));
    await user.click(screen.getByRole('button', { name: '段评' }));
    const third = await screen.findByRole('dialog', { name: '段评' });
    expect(within(third).getByRole('textbox', { name: '段评内容' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置' })).toBeNull();
  });
});
