import { relativeTime } from '@ld/contract/relative-time';
import type { Post } from '@ld/contract/square';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useNow } from '../../../shared/hooks/use-now';
import { Avatar } from '../../../shared/ui/avatar';
import { LikeButton } from '../../../shared/ui/like-button';
import { Link } from '../../../shared/ui/link';
import { ImageGrid } from './image-grid';
import './post-card.css';

interface PostCardProps {
  post: Post;
  onToggleLike: (post: Post) => void;
  /** The first post of the feed: its first image loads at once. */
  priority?: boolean;
}

/** A post in a feed: author, time, text (as text), images, likes and comments; tapping opens it. */
export function PostCard({ post, onToggleLike, priority = false }: PostCardProps) {
  const navigate = useNavigate();
  const now = useNow();
  const href = `/post/${post.id}`;
  const open = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a, button')) return;
    navigate(href);
  };
  return (
    <article className="post-card" onClick={open}>
      <header className="post-card__head">
        <Avatar src={post.author.avatar} name={post.author.name} size={38} />
        <div className="post-card__who">
          <span className="post-card__name">{post.author.name}</span>
          <time className="post-card__time" dateTime={post.createTime}>
            {relativeTime(post.createTime, now)}
          </time>
        </div>
        <span className="post-card__tag">#{post.tag.tag}</span>
      </header>
      <Link to={href} className="post-card__text">
        {post.content}
      </Link>
      <ImageGrid images={post.images} alt={`${post.author.name}的帖子图片`} priority={priority} />
      <footer className="post-card__foot">
        <LikeButton liked={post.liked} count={post.likeCount} onToggle={() => onToggleLike(post)} />
        <Link to={href} className="post-card__comments" aria-label={`评论 ${post.commentCount} 条`}>
          <svg width="1.125rem" height="1.125rem" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 5.5h16v10.5H9l-4.5 3.5V16H4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          {post.commentCount}
        </Link>
      </footer>
    </article>
  );
}
