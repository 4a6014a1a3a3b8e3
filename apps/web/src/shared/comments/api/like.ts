import type { LikeAnswer } from '@ld/contract/square';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../http/client';
import { type CommentPlace, commentKeys, type PlaceComment, type PlaceThread } from '../place';

type Pages<T> = InfiniteData<{ records: T[] }>;

/** Applies a change to one comment or reply wherever the place shows it: threads, previews, 楼中楼 pages. */
function patchComment(
  queryClient: QueryClient,
  place: CommentPlace,
  commentId: number,
  patch: Partial<PlaceComment>,
): void {
  const apply = <C extends PlaceComment>(c: C): C => (c.id === commentId ? { ...c, ...patch } : c);
  queryClient.setQueriesData<Pages<PlaceThread | PlaceComment>>(
    { queryKey: commentKeys.place(place) },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              records: page.records.map((c) =>
                'replies' in c ? { ...apply(c), replies: c.replies.map(apply) } : apply(c),
              ),
            })),
          }
        : data,
  );
}

interface Vars {
  comment: PlaceComment;
  like: boolean;
}

/** Like or unlike at once (the count moves before the answer), put back if the server refuses. */
export function useLikeComment(place: CommentPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, like }: Vars) => {
      const url = place.like(comment.id);
      return like ? http.post<LikeAnswer>(url) : http.delete<LikeAnswer>(url);
    },
    onMutate: ({ comment, like }) =>
      patchComment(queryClient, place, comment.id, {
        liked: like,
        likeCount: Math.max(0, comment.likeCount + (like ? 1 : -1)),
      }),
    onError: (_error, { comment }) =>
      patchComment(queryClient, place, comment.id, { liked: comment.liked, likeCount: comment.likeCount }),
    onSuccess: (answer, { comment }) => patchComment(queryClient, place, comment.id, answer),
  });
}
