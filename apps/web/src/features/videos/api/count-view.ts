import { useQueryClient } from '@tanstack/react-query';
import { useCountView } from '../../../shared/hooks/use-count-view';
import { videoKeys } from './keys';
import type { VideoDetail } from './types';

/**
 * Counts the player's view of video `id` once it shows it (shared/hooks/use-count-view.ts,
 * docs/decisions/0046-video-views-apart.md): one call per video the page opens, and the count it
 * answers (this view included) replaces the shown one.
 */
export function useCountVideoView(id: number, shown: boolean): void {
  const queryClient = useQueryClient();
  useCountView('video', id, shown, ({ viewCount }, uid) =>
    queryClient.setQueryData<VideoDetail>(videoKeys.detail(uid, id), (d) => d && { ...d, viewCount }),
  );
}
