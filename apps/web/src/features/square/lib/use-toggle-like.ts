import type { Comment, Post } from '@ld/contract/square';
import { useLikeComment } from '../api/like-comment';
import { useLikePost } from '../api/like-post';
import { useLoginGate } from './use-login-gate';

/** Tapping a post's heart: guests go to login, users like or unlike at once. */
export function useTogglePostLike(): (post: Post) => void {
  const gate = useLoginGate();
  const like = useLikePost();
  return (post) => {
    if (!gate()) return;
    like.mutate({ id: post.id, like: !post.liked, before: { liked: post.liked, likeCount: post.likeCount } });
  };
}

export function useToggleCommentLike(): (comment: Comment) => void {
  const gate = useLoginGate();
  const like = useLikeComment();
  return (comment) => {
    if (!gate()) return;
    like.mutate({
      id: comment.id,
      like: !comment.liked,
      before: { liked: comment.liked, likeCount: comment.likeCount },
    });
  };
}
