import type { Comment, CommentThread as Thread } from '@ld/contract/square';
import { useState } from 'react';
import { useReplies } from '../api/get-replies';
import { replyMention } from '../lib/reply-target';
import { CommentItem } from './comment-item';
import './comment-thread.css';

interface CommentThreadProps {
  thread: Thread;
  postAuthorUid: string;
  /** Reply to the comment itself, or to one of its replies (with the thread's id). */
  onReply: (comment: Comment, rootId?: number) => void;
  onToggleLike: (comment: Comment) => void;
  onDelete: (comment: Comment) => void;
  /** Show every reply (paged) without waiting for 查看更多回复, e.g. right after replying in this thread. */
  showAll?: boolean;
}

/** A top-level comment, its first replies, and 查看更多回复 for the rest (楼中楼, paged). */
export function CommentThread({
  thread,
  postAuthorUid,
  onReply,
  onToggleLike,
  onDelete,
  showAll = false,
}: CommentThreadProps) {
  // 'auto' follows showAll; a tap on 查看更多回复 or 收起回复 decides from then on.
  const [choice, setChoice] = useState<'auto' | 'open' | 'closed'>('auto');
  const expanded =
    choice === 'open' || (choice === 'auto' && showAll && thread.replyCount > thread.replies.length);
  const replies = useReplies(thread.postId, thread.id, expanded);
  const loaded = replies.data?.pages.flatMap((p) => p.records);
  const shown = expanded && loaded ? loaded : thread.replies;
  const more = thread.replyCount - shown.length;

  return (
    <div className="comment-thread">
      <CommentItem
        comment={thread}
        isAuthor={thread.uid === postAuthorUid}
        onReply={(c) => onReply(c)}
        onToggleLike={onToggleLike}
        onDelete={onDelete}
      />
      {(shown.length > 0 || more > 0) && (
        <div className="comment-thread__replies">
          {shown.map((reply) => (
            <CommentItem
              key={reply.id}
              small
              comment={reply}
              mention={replyMention(reply, thread.id)}
              isAuthor={reply.uid === postAuthorUid}
              onReply={(c) => onReply(c, thread.id)}
              onToggleLike={onToggleLike}
              onDelete={onDelete}
            />
          ))}
          {expanded && replies.isPending && <p className="comment-thread__more">回复加载中…</p>}
          {expanded && replies.isError && (
            <button type="button" className="comment-thread__more" onClick={() => replies.refetch()}>
              回复加载失败，点击重试
            </button>
          )}
          {!expanded && more > 0 && (
            <button type="button" className="comment-thread__more" onClick={() => setChoice('open')}>
              查看更多回复（共 {thread.replyCount} 条）
            </button>
          )}
          {expanded && replies.hasNextPage && (
            <button
              type="button"
              className="comment-thread__more"
              disabled={replies.isFetchingNextPage}
              onClick={() => replies.fetchNextPage()}
            >
              {replies.isFetchingNextPage ? '加载中…' : '加载更多回复'}
            </button>
          )}
          {expanded && loaded && !replies.hasNextPage && loaded.length > thread.replies.length && (
            <button type="button" className="comment-thread__more" onClick={() => setChoice('closed')}>
              收起回复
            </button>
          )}
        </div>
      )}
    </div>
  );
}
