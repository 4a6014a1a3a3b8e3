import './like-button.css';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  onToggle: () => void;
  /** What is liked, for the accessible name: 帖子, 评论 or 段评. */
  what?: string;
  small?: boolean;
}

/** A heart with the count; pressed when liked. */
export function LikeButton({ liked, count, onToggle, what = '帖子', small }: LikeButtonProps) {
  return (
    <button
      type="button"
      className={`like-button${liked ? ' is-liked' : ''}${small ? ' like-button--small' : ''}`}
      aria-pressed={liked}
      aria-label={`${liked ? '取消点赞' : '点赞'}${what}，${count} 个赞`}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg width="1.125rem" height="1.125rem" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.3 3.5 4.2 6.7-1.7 4.7-9.2 9.3-9.2 9.3z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="like-button__count">{count}</span>
    </button>
  );
}
