import { ErrorCode } from '@ld/contract/codes';
import type { ThreadComment, ThreadCommentThread } from '@ld/contract/comments';
import { relativeTime } from '@ld/contract/relative-time';
import { type FormEvent, useState } from 'react';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Avatar } from '../../../shared/ui/avatar';
import { LikeButton } from '../../../shared/ui/like-button';
import { PagedList } from '../../../shared/ui/paged-list';
import { useCreateParagraphComment } from '../api/create-paragraph-comment';
import { useDeleteParagraphComment } from '../api/delete-paragraph-comment';
import { useLikeParagraphComment } from '../api/like-paragraph-comment';
import { type CommentSort, useParagraphComments } from '../api/paragraph-comments';
import { useParagraphReplies } from '../api/paragraph-replies';
import { Sheet } from '../reader/sheet';
import './paragraph-comments-sheet.css';

const CONTENT_MAX = 500;
const charCount = (s: string) => [...s].length;

interface Target {
  commentId: number;
  name: string;
}

interface Ctx {
  workId: number;
  cid: number;
  onReply(target: Target): void;
}

/**
 * 段评 of one paragraph (DESIGN §13) in a bottom sheet: 热门 / 最新, each comment with its first
 * replies (and the rest on demand), like, reply, delete one's own, and a compose box; a guest who
 * starts to write is sent to login.
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
  const [sort, setSort] = useState<CommentSort>(1);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const query = useParagraphComments(workId, cid, paragraph, sort);
  const create = useCreateParagraphComment(workId, cid);
  const total = query.data?.pages[0]?.total;

  const count = charCount(text);
  const tooLong = count > CONTENT_MAX;
  const canWrite = () => {
    if (loggedIn) return true;
    goToLogin();
    return false;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canWrite() || create.isPending || tooLong || !text.trim()) return;
    setProblem(null);
    create.mutate(
      { paragraph, content: text.trim(), ...(target ? { replyCommentId: target.commentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          setTarget(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.sensitiveWords) setProblem(error.message);
        },
      },
    );
  };
  const ctx: Ctx = { workId, cid, onReply: (t) => (canWrite() ? setTarget(t) : undefined) };

  return (
    <Sheet title="段评" side="bottom" onClose={onClose} className="pc-sheet">
      <blockquote className="pc-sheet__quote">{excerpt}</blockquote>
      <div className="pc-sheet__bar">
        <span className="pc-sheet__total">{total === undefined ? '' : `共 ${total} 条`}</span>
        <fieldset className="pc-sheet__sorts">
          <legend className="pc-sheet__legend">排序</legend>
          {(
            [
              [1, '热门'],
              [2, '最新'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="pc-sheet__sort"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="pc-sheet__list">
        <PagedList
          query={query}
          pullToRefresh={false}
          emptyText="还没有段评，来说第一句吧"
          itemKey={(c: ThreadCommentThread) => c.id}
          renderItem={(c: ThreadCommentThread) => <ThreadItem comment={c} ctx={ctx} />}
        />
      </div>
      <form className="pc-sheet__compose" onSubmit={submit}>
        {target && (
          <div className="pc-sheet__target">
            <span>
              回复 <b>@{target.name}</b>
            </span>
            <button type="button" onClick={() => setTarget(null)}>
              取消回复
            </button>
          </div>
        )}
        {(problem || tooLong) && (
          <p className="pc-sheet__problem" role="alert">
            {tooLong ? `段评最多 ${CONTENT_MAX} 字，请删减 ${count - CONTENT_MAX} 字` : problem}
          </p>
        )}
        <div className="pc-sheet__row">
          <textarea
            className="pc-sheet__input"
            aria-label="段评内容"
            placeholder={
              target ? `回复 @${target.name}` : loggedIn ? '说说你对这段的看法…' : '登录后发表段评'
            }
            rows={1}
            value={text}
            onFocus={(e) => {
              if (!canWrite()) e.currentTarget.blur();
            }}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
          />
          <button
            type="submit"
            className="pc-sheet__send"
            disabled={create.isPending || tooLong || !text.trim()}
          >
            {create.isPending ? '发送中' : '发送'}
          </button>
        </div>
      </form>
    </Sheet>
  );
}

function ThreadItem({ comment, ctx }: { comment: ThreadCommentThread; ctx: Ctx }) {
  const [expanded, setExpanded] = useState(false);
  const all = useParagraphReplies(ctx.workId, ctx.cid, comment.id, expanded);
  const replies = expanded && all.data ? all.data.pages.flatMap((p) => p.records) : comment.replies;
  const more = comment.replyCount - replies.length;
  return (
    <div className="pc-thread">
      <Item comment={comment} ctx={ctx} />
      {replies.length > 0 && (
        <ul className="pc-thread__replies">
          {replies.map((r) => (
            <li key={r.id}>
              <Item comment={r} ctx={ctx} small />
            </li>
          ))}
        </ul>
      )}
      {expanded && all.isError && (
        <button type="button" className="pc-thread__more" onClick={() => all.refetch()}>
          回复加载失败，点击重试
        </button>
      )}
      {!expanded && more > 0 && (
        <button type="button" className="pc-thread__more" onClick={() => setExpanded(true)}>
          查看全部 {comment.replyCount} 条回复
        </button>
      )}
      {expanded && all.hasNextPage && (
        <button type="button" className="pc-thread__more" onClick={() => all.fetchNextPage()}>
          更多回复
        </button>
      )}
    </div>
  );
}

function Item({ comment, ctx, small }: { comment: ThreadComment; ctx: Ctx; small?: boolean }) {
  const like = useLikeParagraphComment(ctx.workId, ctx.cid);
  const remove = useDeleteParagraphComment(ctx.workId, ctx.cid);
  const loggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const [confirming, setConfirming] = useState(false);
  // Shown at once; the list refetches with the server's counts.
  const [liked, setLiked] = useState<{ liked: boolean; likeCount: number } | null>(null);
  const shown = liked ?? { liked: comment.liked, likeCount: comment.likeCount };
  const toggleLike = () => {
    if (!loggedIn) return goToLogin();
    const next = !shown.liked;
    setLiked({ liked: next, likeCount: Math.max(0, shown.likeCount + (next ? 1 : -1)) });
    like.mutate(
      { commentId: comment.id, like: next },
      { onSuccess: (answer) => setLiked(answer), onError: () => setLiked(null) },
    );
  };
  return (
    <div className={`pc-item${small ? ' pc-item--small' : ''}`}>
      <Avatar src={comment.author.avatar} name={comment.author.name} size={small ? 24 : 32} />
      <div className="pc-item__main">
        <span className="pc-item__name">{comment.author.name}</span>
        <p className="pc-item__text">
          {comment.replyTo && small && comment.replyCommentId !== null && (
            <span className="pc-item__mention">
              回复 <b>@{comment.replyTo.name}</b>：
            </span>
          )}
          {comment.content}
        </p>
        <div className="pc-item__meta">
          <time dateTime={comment.createTime}>{relativeTime(comment.createTime)}</time>
          <button
            type="button"
            className="pc-item__action"
            onClick={() => ctx.onReply({ commentId: comment.id, name: comment.author.name })}
          >
            回复
          </button>
          {comment.isMine &&
            (confirming ? (
              <button
                type="button"
                className="pc-item__action pc-item__action--danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(comment.id)}
              >
                确认删除
              </button>
            ) : (
              <button type="button" className="pc-item__action" onClick={() => setConfirming(true)}>
                删除
              </button>
            ))}
          <span className="pc-item__spacer" />
          <LikeButton small what="段评" liked={shown.liked} count={shown.likeCount} onToggle={toggleLike} />
        </div>
      </div>
    </div>
  );
}
