import type { Comment, Post } from '@ld/contract/square';
import { toIso } from '../../platform/clock.ts';
import type { CommentRow } from './comments-repository.ts';
import type { PostRow } from './posts-repository.ts';

/** What the caller's relation to the rows is: who they are, what they liked, whom they follow. */
export interface Viewer {
  userId: number | null;
  liked: Set<number>;
  followed: Set<number>;
}

export const anonymous = (userId: number | null): Viewer => ({
  userId,
  liked: new Set(),
  followed: new Set(),
});

function parseImages(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toPost(row: PostRow, viewer: Viewer): Post {
  const uid = String(row.user_id);
  return {
    id: row.id,
    uid,
    author: { uid, name: row.author_name, avatar: row.author_avatar },
    tag: { id: row.tag_id, tag: row.tag_name },
    content: row.content,
    images: parseImages(row.images),
    likeCount: row.like_count,
    commentCount: row.comment_count,
    liked: viewer.liked.has(row.id),
    isMine: viewer.userId === row.user_id,
    followed: viewer.followed.has(row.user_id),
    createTime: toIso(row.created_at),
  };
}

export function toComment(row: CommentRow, viewer: Viewer): Comment {
  const uid = String(row.user_id);
  return {
    id: row.id,
    postId: row.post_id,
    uid,
    author: { uid, name: row.author_name, avatar: row.author_avatar },
    content: row.content,
    replyCommentId: row.reply_comment_id,
    replyTo:
      row.reply_to_user_id === null
        ? null
        : { uid: String(row.reply_to_user_id), name: row.reply_to_name ?? '' },
    likeCount: row.like_count,
    liked: viewer.liked.has(row.id),
    replyCount: row.reply_count,
    isMine: viewer.userId === row.user_id,
    createTime: toIso(row.created_at),
  };
}
