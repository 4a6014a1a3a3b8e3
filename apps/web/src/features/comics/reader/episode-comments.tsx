import { useQueryClient } from '@tanstack/react-query';
import { Sheet } from '../../../shared/ui/sheet';
import { WorkComments } from '../../../shared/works/work-comments';
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
  const queryClient = useQueryClient();
  return (
    <Sheet title={`${title} 评论`} block="comic-drawer" className="comic-comments" onClose={onClose}>
      <div className="comic-comments__body">
        <WorkComments
          path={`/v1/comic/${workId}/episode/${eid}/comments`}
          label="本话"
          // The count under the episode comes with the episode's answer.
          onWritten={() => void queryClient.invalidateQueries({ queryKey: comicKeys.all })}
        />
      </div>
    </Sheet>
  );
}
