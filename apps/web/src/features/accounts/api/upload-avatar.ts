import type { AvatarAnswer } from '@ld/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userStatusQuery } from '../../../shared/api/get-user-status';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';

/** The server's cap on an avatar upload (it re-encodes to a 256×256 WebP). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads a picture as the avatar (multipart field `file`), reporting progress from 0 to 1. */
export function uploadAvatar(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return http.post<AvatarAnswer>('/user/center/uploadAvatar', form, { onUploadProgress: onProgress });
}

export function useUploadAvatar(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: async () => {
      const uid = useAccountStore.getState().account.uid;
      await queryClient.invalidateQueries({ queryKey: userStatusQuery(uid).queryKey });
    },
  });
}
