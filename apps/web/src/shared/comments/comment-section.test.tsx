import type { Comment, CommentThread, ReplyPage, ThreadPage } from '@ld/contract/square';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { fakeComment, onePage } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { useToastStore } from '../ui/toast-store';
import { CommentSection } from './comment-section';
import type { CommentPlace } from './place';

// The one comment UI as a post's page uses it (the 段评 sheet's and the comics' ways are in
// paragraph-comments-sheet.test.tsx): the post's author marked, likes at once, a reply that opens
// its thread, and a delete confirmed in a dialog, with the square's toasts.

const place: CommentPlace = {
  id: 'square/post/7',
  list: '/v1/square/post/7/comment/list',
  replies: (id) => `/v1/square/post/7/comment/${id}/list`,
  create: '/v1/square/post/7/comment',
  comment: (id) => `/v1/square/comment/${id}`,
  like: (id) => `/v1/square/comment/${id}/like`,
};

const comment = fakeComment;
const page = (records: CommentThread[]): ThreadPage => onePage(records);
const toasts = () => useToastStore.getState().items.map((t) => t.message);

function open(server: ReturnType<typeof fakeServer>, loggedIn = true) {
  return renderApp(
    <CommentSection
      place={place}
      authorUid="1"
      compose="docked"
      deleteConfirm="dialog"
      toasts={{ created: '评论成功', replied: '回复成功', deleted: '评论已删除' }}
    />,
    {
      at: '/post/7',
      path: '/post/:id',
      server,
      account: loggedIn ? {} : undefined,
      routes: { '/login': <p>登录页</p> },
    },
  );
}

describe('CommentSection on a post', () => {
  it('marks the author, likes at once and answers in the open thread', async () => {
    let replies: Comment[] = [comment(11, { replyCommentId: 10, replyTo: { uid: '1', name: '楼主' } })];
    const server = fakeServer()
      .on('GET /v1/square/post/:id/comment/list', () =>
        page([
          {
            ...comment(10, { uid: '1', author: { uid: '1', name: '楼主', avatar: null } }),
            replyCount: replies.length,
            // The list previews the first reply; the rest come on demand.
            replies: replies.slice(0, 1),
          },
        ]),
      )
      .on('POST /v1/square/comment/:id/like', () => ({ liked: true, likeCount: 1 }))
      .on('POST /v1/square/post/:id/comment', (r) => {
        const made = comment(12, {
          ...(r.json as object),
          isMine: true,
          replyTo: { uid: '9', name: '读者11' },
        });
        replies = [...replies, made];
        return made;
      })
      .on(
        'GET /v1/square/post/:postId/comment/:commentId/list',
        (): ReplyPage => ({ ...page([]), records: replies, total: replies.length }),
      );
    const { user } = open(server);
    const root = (await screen.findByText('评论10')).closest('.comment-item') as HTMLElement;
    expect(within(root).getByText('作者')).toBeTruthy();

    await user.click(within(root).getByRole('button', { name: '点赞评论，0 个赞' }));
    expect(await within(root).findByRole('button', { name: '取消点赞评论，1 个赞' })).toBeTruthy();

    const reply = (await screen.findByText('评论11')).closest('.comment-item') as HTMLElement;
    await user.click(within(reply).getByRole('button', { name: '回复' }));
    expect(screen.getByRole('textbox', { name: '评论内容' }).getAttribute('placeholder')).toBe(
      '回复 @读者11',
    );
    await user.type(screen.getByRole('textbox', { name: '评论内容' }), '楼中楼');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('楼中楼')).toBeTruthy();
    expect(server.requestsTo('POST /v1/square/post/:id/comment')[0].json).toMatchObject({
      content: '楼中楼',
      replyCommentId: 11,
    });
    expect(toasts()).toContain('回复成功');
  });

  it('deletes one’s own comment after the dialog asks', async () => {
    let gone = false;
    const server = fakeServer()
      .on('GET /v1/square/post/:id/comment/list', () =>
        page(gone ? [] : [{ ...comment(20, { isMine: true, content: '我的评论' }), replies: [] }]),
      )
      .on('DELETE /v1/square/comment/:id', () => {
        gone = true;
        return null;
      });
    const { user } = open(server);
    await screen.findByText('我的评论');
    await user.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除评论' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(server.requestsTo('DELETE /v1/square/comment/:id')[0]?.path).toBe('/v1/square/comment/20'),
    );
    expect(await screen.findByText('还没有评论，来说第一句吧')).toBeTruthy();
    expect(toasts()).toContain('评论已删除');
  });

  it('sends a guest who likes a comment to login', async () => {
    const server = fakeServer().on('GET /v1/square/post/:id/comment/list', () =>
      page([{ ...comment(30), replies: [] }]),
    );
    const { user } = open(server, false);
    await user.click(await screen.findByRole('button', { name: '点赞评论，0 个赞' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(server.requestsTo('POST /v1/square/comment/:id/like')).toHaveLength(0);
  });
});
