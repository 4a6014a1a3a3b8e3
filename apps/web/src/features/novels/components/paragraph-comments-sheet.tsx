import { useQueryClient } from '@tanstack/react-query';
import { Sheet } from '../../../shared/ui/sheet';
import { WorkComments } from '../../../shared/works/work-comments';
import { readerKeys } from '../api/get-chapter';
import './paragraph-comments-sheet.css';

/**
 * 段评 of one paragraph (DESIGN §13) in a bottom sheet: the paragraph quoted, then the shared
 * thread (热门 / 最新, replies, likes, delete one's own) with the compose box at the bottom.
 * A write refreshes the chapter too: its answer carries the paragraphs' count bubbles.
 */
export function ParagraphCommentsSheet({
  workId,
  cid,
  paragraph,
  excerpt,
  onClose,
}: {
  workId: number;
  cid: number;
  paragraph: number;
  /** The paragraph's text, quoted at the top. */
  excerpt: string;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const refreshChapter = () => {
    const [a, b, c] = readerKeys.chapter(workId, cid, '');
    void queryClient.invalidateQueries({
      predicate: ({ queryKey: [qa, qb, qc, w, id] }) =>
        qa === a && qb === b && qc === c && w === workId && id === cid,
    });
  };
  return (
    <Sheet
      title="段评"
      block="reader-sheet"
      className="reader-sheet reader-sheet--bottom pc-sheet"
      onClose={onClose}
    >
      <blockquote className="pc-sheet__quote">{excerpt}</blockquote>
      <WorkComments
        path={`/v1/novel/${workId}/chapter/${cid}/comments`}
        scope={{ paragraph }}
        noun="段评"
        prompt="说说你对这段的看法…"
        compose="bottom"
        onWritten={refreshChapter}
      />
    </Sheet>
  );
}
