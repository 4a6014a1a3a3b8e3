import type { Comment, CommentThread as Thread } from '@ld/contract/square';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeComment } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { CommentThread } from './comment-thread';
import { threadPlace } from './place';

const XSS = '<img src=x onerror=alert(1)>';

/** A comment by 楼主 (uid 1) unless said otherwise. */
const comment = (over: Partial<Comment> & { id: number }): Comment =>
  fakeComment(over.id, { uid: '1', author: { uid: '1', name: '楼主', avatar: null }, content: '', ...over });

const thread: Thread = {
  ...comment({ id: 10, content: XSS, replyCount: 5 }),
  replies: [
    comment({
      id: 11,
      uid: '2',
      author: { uid: '2', name: '阿钻', avatar: null },
      content: '同意',
      replyCommentId: 10,
      replyTo: { uid: '1', name: '楼主' },
    }),
    comment({
      id: 12,
      uid: '3',
      author: { uid: '3', name: '小蓝', avatar: null },
      content: '+1',
      replyCommentId: 11,
      replyTo: { uid: '2', name: '阿钻' },
      isMine: true,
    }),
  ],
};

function renderThread(handlers: { onReply?: () => void; onDelete?: () => void } = {}) {
  return renderApp(
    <CommentThread
      place={threadPlace('/v1/square/post/7/comment/list')}
      thread={thread}
      authorUid="1"
      onReply={handlers.onReply ?? (() => {})}
      onToggleLike={() => {}}
      onDelete={handlers.onDelete ?? (() => {})}
    />,
  );
}

describe('CommentThread', () => {
  it('shows the comment as text, names whom a reply to a reply answers, and offers the rest', () => {
    const { container } = renderThread();
    expect(screen.getByText(XSS)).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    const [toRoot, toReply] = container.querySelectorAll('.comment-item--small .comment-item__text');
    expect(toRoot.textContent).toBe('同意');
    expect(toReply.textContent).toBe('回复 @阿钻：+1');
    expect(screen.getByRole('button', { name: '查看更多回复（共 5 条）' })).toBeTruthy();
    expect(screen.getByText('作者')).toBeTruthy();
  });

  it('answers a reply inside its thread and deletes only my own', async () => {
    const onReply = vi.fn();
    const onDelete = vi.fn();
    const { container, user } = renderThread({ onReply, onDelete });
    const replies = container.querySelectorAll<HTMLElement>('.comment-item--small');
    await user.click(within(replies[0]).getByRole('button', { name: '回复' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), 10);
    expect(within(replies[0]).queryByRole('button', { name: '删除' })).toBeNull();
    await user.click(within(replies[1]).getByRole('button', { name: '删除' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
  });
});
