import { useQueryClient } from '@tanstack/react-query';
import type { CommentChange } from '../../../shared/comments/api/write';
import { invalidatePostLists, patchPost } from './cache';
import { squareKeys } from './query-keys';

/**
 * What a comment written or deleted on a post's page changes elsewhere in the square: the post's
 * comment count (in its detail and the feeds) and 我的评论.
 */
export function usePostCommentEffects(postId: number): (change: CommentChange) => void {
  const queryClient = useQueryClient();
  return (change) => {
    if (change === 'created') {
      patchPost(queryClient, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
    } else {
      // The count drops by the comment and any replies it took along: read it again.
      void queryClient.invalidateQueries({ queryKey: squareKeys.posts });
      void invalidatePostLists(queryClient);
    }
    void queryClient.invalidateQueries({ queryKey: squareKeys.mine });
  };
}
