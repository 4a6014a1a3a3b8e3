import { ErrorCode } from '@ld/contract/codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../http/client';
import { type CommentPlace, commentKeys, type PlaceComment } from '../place';

/** What a write changed, for the page to refresh its own counts (a post's, a paragraph's bubbles). */
export type CommentChange = 'created' | 'deleted';

/**
 * POST a comment (JSON, with the place's scope); with replyCommentId it answers that comment or
 * reply. A refusal for sensitive words (1004) is the caller's to show beside the text, not a toast.
 */
export function useCreateComment(place: CommentPlace, onWritten?: (change: CommentChange) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; replyCommentId?: number }) =>
      http.post<PlaceComment>(
        place.create,
        { ...place.scope, ...body },
        {
          json: true,
          quiet: [ErrorCode.sensitiveWords],
        },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentKeys.place(place) });
      onWritten?.('created');
    },
  });
}

/** DELETE one's own comment; it takes its replies with it. */
export function useDeleteComment(place: CommentPlace, onWritten?: (change: CommentChange) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => http.delete<null>(place.comment(commentId)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentKeys.place(place) });
      onWritten?.('deleted');
    },
  });
}
