import type { CommentChange } from '../comments/api/write';
import { CommentSection } from '../comments/comment-section';
import { threadPlace } from '../comments/place';

/**
 * Comments on a work, an episode or a paragraph (DESIGN §13): the one comment UI
 * (shared/comments) on the engine's thread routes under `path`, with what the works' pages say.
 */
export function WorkComments({
  path,
  scope,
  label,
  noun,
  prompt,
  compose,
  onWritten,
}: {
  /** Under `/api`: `/v1/comic/3/comments`. */
  path: string;
  /** Narrows the thread and goes with a new comment: `{ paragraph: 2 }`. */
  scope?: Record<string, number>;
  label?: string;
  noun?: string;
  prompt?: string;
  compose?: 'top' | 'bottom';
  onWritten?: (change: CommentChange) => void;
}) {
  return (
    <CommentSection
      place={threadPlace(path, scope)}
      label={label}
      noun={noun}
      prompt={prompt}
      compose={compose}
      moreReplies={(count) => `查看全部 ${count} 条回复`}
      onWritten={onWritten}
    />
  );
}
