import { relativeTime } from '@ld/contract/relative-time';
import type { Comment } from '@ld/contract/square';
import { Avatar } from '../../../shared/ui/avatar';
import { LikeButton } from '../../../shared/ui/like-button';
import './comment-item.css';

interface CommentItemProps {
  comment: Comment;
  /** The person a reply answers, shown as 回复 @name (replies to replies only). */
  mention?: string | null;
  isAuthor?: boolean;
  small?: boolean;
  onReply: (comment: Comment) => void;
  onToggleLike: (comment: Comment) => void;
  onDelete: (comment: Comment) => void;
}

/** One comment or reply: who, what (as text), when, and 回复 / like / 删除. */
export function CommentItem({
  comment,
  mention,
  isAuthor,
  small,
  onReply,
  onToggleLike,
  onDelete,
}: CommentItemProps) {
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
          <time dateTime={comment.createTime}>{relativeTime(comment.createTime)}</time>
          <button type="button" className="comment-item__action" onClick={() => onReply(comment)}>
            回复
          </button>
          {comment.isMine && (
            <button type="button" className="comment-item__action" onClick={() => onDelete(comment)}>
              删除
            </button>
          )}
          <span className="comment-item__spacer" />
          <LikeButton
            small
            what="评论"
            liked={comment.liked}
            count={comment.likeCount}
            onToggle={() => onToggleLike(comment)}
          />
        </div>
      </div>
    </div>
  );
}
