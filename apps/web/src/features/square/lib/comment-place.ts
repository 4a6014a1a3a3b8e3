import { ErrorCode } from '@ld/contract/codes';
import type { CommentPlace } from '../../../shared/comments/place';

/** A post's comments on the engine's square routes (spec §7), for the one comment UI. */
export const postCommentPlace = (postId: number): CommentPlace => ({
  id: `square/post/${postId}`,
  list: `/v1/square/post/${postId}/comment/list`,
  replies: (id) => `/v1/square/post/${postId}/comment/${id}/list`,
  create: `/v1/square/post/${postId}/comment`,
  comment: (id) => `/v1/square/comment/${id}`,
  like: (id) => `/v1/square/comment/${id}/like`,
  // A post deleted while its page is open: the page says so, not a toast.
  quietList: [ErrorCode.notFound],
});
