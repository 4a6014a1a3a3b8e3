import { relativeTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { useNow } from '../hooks/use-now';
import { Avatar } from '../ui/avatar';
import { LikeButton } from '../ui/like-button';
import type { PlaceComment } from './place';
import './comment-item.css';

export interface CommentItemProps {
  comment: PlaceComment;
  /** The person a reply answers, shown as 回复 @name (replies to replies only). */
  mention?: string | null;
  /** Whether the writer is the author of what is commented on (a post's): 作者. */
  isAuthor?: boolean;
  small?: boolean;
  /** What one comment is called in the like button's name: 评论, 段评. */
  noun: string;
  /** 删除 asks again in place (确认删除) before `onDelete`, rather than the page asking in a dialog. */
  inlineDelete?: boolean;
  /** The delete in flight: 确认删除 waits. */
  deleting?: boolean;
  onReply(comment: PlaceComment): void;
  onToggleLike(comment: PlaceComment): void;
  onDelete(comment: PlaceComment): void;
}

/** One comment or reply: who, what (as text), when, and 回复 / 删除 (one's own) / like. */
export function CommentItem({
  comment,
  mention,
  isAuthor,
  small,
  noun,
  inlineDelete,
  ...props
}: CommentItemProps) {
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  return (
    <div className={`comment-item${small ? ' comment-item--small' : ''}`} data-comment-id={comment.id}>
      <Avatar src={comment.author.avatar} name={comment.author.name} size={small ? 24 : 34} />
      <div className="comment-item__main">
        <div className="comment-item__who">
          <span className="comment-item__name">{comment.author.name}</span>
          {isAuthor && <span className="comment-item__badge">作者</span>}
        </div>
        <p className="comment-item__text">
          {mention && (
            <span className="comment-item__mention">
              回复 <b>@{mention}</b>：
            </span>
          )}
          {comment.content}
        </p>
        <div className="comment-item__meta">
          <time dateTime={comment.createTime}>{relativeTime(comment.createTime, now)}</time>
          <button type="button" className="comment-item__action" onClick={() => props.onReply(comment)}>
            回复
          </button>
          {comment.isMine &&
            (confirming ? (
              <button
                type="button"
                className="comment-item__action comment-item__action--danger"
                disabled={props.deleting}
                onClick={() => props.onDelete(comment)}
              >
                确认删除
              </button>
            ) : (
              <button
                type="button"
                className="comment-item__action"
                onClick={() => (inlineDelete ? setConfirming(true) : props.onDelete(comment))}
              >
                删除
              </button>
            ))}
          <span className="comment-item__spacer" />
          <LikeButton
            small
            what={noun}
            liked={comment.liked}
            count={comment.likeCount}
            onToggle={() => props.onToggleLike(comment)}
          />
        </div>
      </div>
    </div>
  );
}
