import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** POST /api/v1/square/upload (multipart `file`) → the image's URL, reporting progress 0..1. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ url: string }>('/v1/square/upload', form, {
    onUploadProgress: onProgress,
    timeout: 120_000,
  });
}

export const useUploadImage = () =>
  useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (f: number) => void }) =>
      uploadImage(file, onProgress),
  });
