import { ErrorCode } from '@ld/contract/codes';
import { type ReactNode, useState } from 'react';
import { useGoToLogin } from '../hooks/use-go-to-login';
import { ApiError } from '../http/client';
import { useIsLoggedIn } from '../stores/account';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PagedList } from '../ui/paged-list';
import { toast } from '../ui/toast-store';
import { useLikeComment } from './api/like';
import { useThreads } from './api/threads';
import { type CommentChange, useCreateComment, useDeleteComment } from './api/write';
import { CommentBar } from './comment-bar';
import { CommentThread } from './comment-thread';
import type { CommentPlace, PlaceComment, PlaceThread } from './place';
import { commentPayload, composerPlaceholder, type ReplyTarget, replyTargetOf } from './reply-target';
import { SortButtons } from './sort-buttons';
import './comment-section.css';

export interface CommentSectionProps {
  place: CommentPlace;
  /** What one comment is called in the texts: 评论, 段评. */
  noun?: string;
  /** What the comments are about, before the box's name: 本话 → 本话评论内容. */
  label?: string;
  /** The empty box's placeholder for a member, and for a guest. */
  prompt?: string;
  guestPrompt?: string;
  emptyText?: string;
  /** The uid of whoever wrote what is commented on: their comments carry 作者. */
  authorUid?: string;
  /** The head above the list: by default 共 N 条 and the 热门 / 最新 buttons. */
  head?: (sort: number, setSort: (sort: number) => void, total: number | undefined) => ReactNode;
  /** Where the box is: above the list, below it (a sheet), or docked at the bottom of the page. */
  compose?: 'top' | 'bottom' | 'docked';
  /** 删除 asks again in place, or in a dialog (删除评论). */
  deleteConfirm?: 'inline' | 'dialog';
  /** Toasts after a write, where the place says so (评论成功, 回复成功, 评论已删除). */
  toasts?: { created: string; replied: string; deleted: string };
  moreReplies?: (count: number) => string;
  /** Asks nothing until true (a post that is not there yet). */
  enabled?: boolean;
  /** A comment was written or deleted: counts the page shows elsewhere may read again. */
  onWritten?: (change: CommentChange) => void;
}

/**
 * The one comment UI (DESIGN §13): a place's threads (热门 / 最新), their replies (楼中楼), likes,
 * a box that comments or answers (refused sensitive words named beside the kept text), and
 * deleting one's own; a guest who starts to write or like is sent to login.
 */
export function CommentSection({
  place,
  noun = '评论',
  label = '',
  prompt = '说说你的看法…',
  guestPrompt = `登录后发表${noun}`,
  emptyText = `还没有${noun}，来说第一句吧`,
  compose = 'top',
  deleteConfirm = 'inline',
  ...props
}: CommentSectionProps) {
  const [sort, setSort] = useState(1);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<PlaceComment | null>(null);
  const [repliedThread, setRepliedThread] = useState<number | null>(null);
  const loggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const threads = useThreads(place, sort, props.enabled);
  const create = useCreateComment(place, props.onWritten);
  const remove = useDeleteComment(place, props.onWritten);
  const like = useLikeComment(place);

  const canWrite = () => {
    if (loggedIn) return true;
    goToLogin();
    return false;
  };
  const send = () => {
    setProblem(null);
    create.mutate(commentPayload(text, target), {
      onSuccess: () => {
        if (target) setRepliedThread(target.rootId);
        if (props.toasts) toast.success(target ? props.toasts.replied : props.toasts.created);
        setText('');
        setTarget(null);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.sensitiveWords) setProblem(error.message);
      },
    });
  };
  const erase = (comment: PlaceComment) =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        if (target?.commentId === comment.id || target?.rootId === comment.id) setTarget(null);
        setAsking(null);
        if (props.toasts) toast.success(props.toasts.deleted);
      },
    });

  const total = threads.data?.pages[0]?.total;
  const bar = (
    <CommentBar
      text={text}
      onTextChange={(value) => {
        setText(value);
        setProblem(null);
      }}
      target={target}
      onCancelTarget={() => setTarget(null)}
      problem={problem}
      busy={create.isPending}
      canWrite={canWrite}
      onSubmit={send}
      label={`${label}${noun}内容`}
      noun={noun}
      placeholder={composerPlaceholder(target, loggedIn ? prompt : guestPrompt)}
      docked={compose === 'docked'}
    />
  );
  return (
    <div className={`comments comments--${compose}`}>
      {props.head ? (
        props.head(sort, setSort, total)
      ) : (
        <div className="comments__bar">
          <span className="comments__total">{total === undefined ? '' : `共 ${total} 条`}</span>
          <SortButtons sort={sort} onChange={setSort} />
        </div>
      )}
      {compose === 'top' && bar}
      <div className="comments__list">
        <PagedList
          query={threads}
          pullToRefresh={false}
          emptyText={emptyText}
          itemKey={(c: PlaceThread) => c.id}
          renderItem={(c: PlaceThread) => (
            <CommentThread
              place={place}
              thread={c}
              authorUid={props.authorUid}
              noun={noun}
              inlineDelete={deleteConfirm === 'inline'}
              moreReplies={props.moreReplies}
              showAll={repliedThread === c.id}
              onReply={(comment, rootId) => {
                if (!canWrite()) return;
                setTarget(replyTargetOf(comment, rootId));
                setProblem(null);
              }}
              onToggleLike={(comment) => {
                if (canWrite()) like.mutate({ comment, like: !comment.liked });
              }}
              onDelete={(comment) => (deleteConfirm === 'inline' ? erase(comment) : setAsking(comment))}
            />
          )}
        />
      </div>
      {compose !== 'top' && bar}
      <ConfirmDialog
        open={asking !== null}
        title={`删除${noun}`}
        message={`删除后这条${noun}（及其回复）将不再显示，确定删除吗？`}
        confirmText="删除"
        busy={remove.isPending}
        onConfirm={() => asking && erase(asking)}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
