import type { Comment, Post } from '@ld/contract/square';
import { toIso } from '../../platform/clock.ts';
import { type Profile, UNKNOWN_PROFILE } from '../accounts/public.ts';
import type { CommentRow } from './comments-repository.ts';
import type { PostRow } from './posts-repository.ts';

/**
 * What a page of rows is shown with: the caller's relation to them (who they are, what they
 * liked, whom they follow) and the people the rows name (authors, whom a reply answers).
 */
export interface Viewer {
  userId: number | null;
  liked: Set<number>;
  followed: Set<number>;
  people: Map<number, Profile>;
}

const personOf = (viewer: Viewer, userId: number): Profile => viewer.people.get(userId) ?? UNKNOWN_PROFILE;

export function parseImages(json: string): string[] {
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
    author: { uid, ...personOf(viewer, row.user_id) },
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
    postId: row.anchor_id,
    uid,
    author: { uid, ...personOf(viewer, row.user_id) },
    content: row.content,
    replyCommentId: row.reply_comment_id,
    replyTo:
      row.reply_to_user_id === null
        ? null
        : { uid: String(row.reply_to_user_id), name: personOf(viewer, row.reply_to_user_id).name },
    likeCount: row.like_count,
    liked: viewer.liked.has(row.id),
    replyCount: row.reply_count,
    isMine: viewer.userId === row.user_id,
    createTime: toIso(row.created_at),
  };
}
