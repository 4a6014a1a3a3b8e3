import type { Comment } from '@ld/contract/square';
import { describe, expect, it } from 'vitest';
import { commentPayload, composerPlaceholder, replyMention, replyTargetOf } from './reply-target';

const author = (name: string) => ({ uid: '7', name, avatar: null });

describe('reply target', () => {
  it('answers a top-level comment under itself', () => {
    const target = replyTargetOf({ id: 10, author: author('小蓝') });
    expect(target).toEqual({ commentId: 10, rootId: 10, name: '小蓝' });
    expect(composerPlaceholder(target)).toBe('回复 @小蓝');
    expect(commentPayload('  你好 ', target)).toEqual({ content: '你好', replyCommentId: 10 });
  });

  it('answers a reply by its own id but stays in its thread', () => {
    const target = replyTargetOf({ id: 42, author: author('阿钻') }, 10);
    expect(target).toEqual({ commentId: 42, rootId: 10, name: '阿钻' });
    expect(commentPayload('同意', target)).toEqual({ content: '同意', replyCommentId: 42 });
  });

  it('comments on the post when nobody is answered', () => {
    expect(composerPlaceholder(null)).toBe('说点什么吧…');
    expect(commentPayload('沙发', null)).toEqual({ content: '沙发' });
  });

  it('names the person only when a reply answers another reply', () => {
    const toRoot: Pick<Comment, 'replyCommentId' | 'replyTo'> = {
      replyCommentId: 10,
      replyTo: { uid: '1', name: '楼主' },
    };
    const toReply: Pick<Comment, 'replyCommentId' | 'replyTo'> = {
      replyCommentId: 42,
      replyTo: { uid: '2', name: '阿钻' },
    };
    expect(replyMention(toRoot, 10)).toBeNull();
    expect(replyMention(toReply, 10)).toBe('阿钻');
    expect(replyMention({ replyCommentId: null, replyTo: null }, 10)).toBeNull();
  });
});
