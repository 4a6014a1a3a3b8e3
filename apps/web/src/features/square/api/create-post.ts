import { ErrorCode } from '@ld/contract/codes';
import type { CreatePostBody, Post } from '@ld/contract/square';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { getAccount } from '../../../shared/stores/account';
import { invalidatePostLists } from '../lib/cache';
import { squareKeys } from '../lib/query-keys';

/** POST /api/v1/square/post (JSON). A sensitive-word refusal (1004) is shown by the form itself. */
export const createPost = (body: CreatePostBody) =>
  http.post<Post>('/v1/square/post', { ...body }, { json: true, quiet: [ErrorCode.sensitiveWords] });

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: async (post) => {
      queryClient.setQueryData(squareKeys.post(getAccount().uid, post.id), post);
      await invalidatePostLists(queryClient);
    },
  });
}
