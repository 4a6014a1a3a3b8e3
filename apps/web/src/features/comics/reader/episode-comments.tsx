import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFocusTrap } from '../../../shared/ui/dialog';
import { ThreadComments } from '../../../shared/ui/thread-comments';
import { comicKeys } from '../api/keys';

/** 本话评论: an episode's comments in a bottom sheet over the strip. */
export function EpisodeComments({
  workId,
  eid,
  title,
  onClose,
}: {
  workId: number;
  eid: number;
  title: string;
  onClose(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  useFocusTrap(ref, true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="comic-drawer__mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label={`${title} 评论`}
        className="comic-comments"
      >
        <div className="comic-drawer__head">
          <h2>{title} 评论</h2>
          <button type="button" className="comic-drawer__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="comic-comments__body">
          <ThreadComments
            path={`/v1/comic/${workId}/episode/${eid}/comments`}
            label="本话"
            // The count under the episode comes with the episode's answer.
            onWritten={() => void queryClient.invalidateQueries({ queryKey: comicKeys.all })}
          />
        </div>
      </div>
    </div>
  );
}
