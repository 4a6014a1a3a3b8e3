import { useState } from 'react';
import { useReplies } from './api/threads';
import { CommentItem } from './comment-item';
import type { CommentPlace, PlaceComment, PlaceThread } from './place';
import { replyMention } from './reply-target';
import './comment-thread.css';

export interface CommentThreadProps {
  place: CommentPlace;
  thread: PlaceThread;
  /** The uid of whoever wrote what is commented on: their comments carry 作者. */
  authorUid?: string;
  noun?: string;
  inlineDelete?: boolean;
  /** The button that opens the rest of the replies. */
  moreReplies?: (count: number) => string;
  /** Reply to the comment itself, or to one of its replies (with the thread's id). */
  onReply(comment: PlaceComment, rootId?: number): void;
  onToggleLike(comment: PlaceComment): void;
  onDelete(comment: PlaceComment): void;
  /** Show every reply (paged) without waiting for a tap, e.g. right after replying in this thread. */
  showAll?: boolean;
}

/** A top-level comment, its first replies, and the rest on demand (楼中楼, paged). */
export function CommentThread({
  place,
  thread,
  authorUid,
  noun = '评论',
  inlineDelete,
  moreReplies = (count) => `查看更多回复（共 ${count} 条）`,
  onReply,
  onToggleLike,
  onDelete,
  showAll = false,
}: CommentThreadProps) {
  // 'auto' follows showAll; a tap on the more or 收起回复 button decides from then on.
  const [choice, setChoice] = useState<'auto' | 'open' | 'closed'>('auto');
  const expanded =
    choice === 'open' || (choice === 'auto' && showAll && thread.replyCount > thread.replies.length);
  const replies = useReplies(place, thread.id, expanded);
  const loaded = replies.data?.pages.flatMap((p) => p.records);
  const shown = expanded && loaded ? loaded : thread.replies;
  const more = thread.replyCount - shown.length;
  const item = { noun, inlineDelete, onToggleLike, onDelete };

  return (
    <div className="comment-thread">
      <CommentItem
        {...item}
        comment={thread}
        isAuthor={authorUid !== undefined && thread.uid === authorUid}
        onReply={(c) => onReply(c)}
      />
      {(shown.length > 0 || more > 0) && (
        <div className="comment-thread__replies">
          {shown.map((reply) => (
            <CommentItem
              {...item}
              key={reply.id}
              small
              comment={reply}
              mention={replyMention(reply, thread.id)}
              isAuthor={authorUid !== undefined && reply.uid === authorUid}
              onReply={(c) => onReply(c, thread.id)}
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
              {moreReplies(thread.replyCount)}
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
