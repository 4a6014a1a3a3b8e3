import type { Post } from '@ld/contract/square';
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
