import { ErrorCode } from '@ld/contract/codes';
import type {
  ThreadComment,
  ThreadCommentPage,
  ThreadCommentThread,
  ThreadReplyPage,
} from '@ld/contract/comments';
import { relativeTime } from '@ld/contract/relative-time';
import type { LikeAnswer } from '@ld/contract/square';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useGoToLogin } from '../hooks/use-go-to-login';
import { ApiError, http } from '../http/client';
import { useAccountStore, useIsLoggedIn } from '../stores/account';
import { Avatar } from './avatar';
import { LikeButton } from './like-button';
import { PagedList } from './paged-list';
import './thread-comments.css';

// Comments on a target of the square's comment engine (DESIGN §13: an episode, a work, a novel
// chapter's paragraphs; two levels, likes, sensitive words, author-only delete), addressed by the
// target's comments path: GET/POST `path`, GET `path/{id}/replies`, DELETE `path/{id}`,
// POST/DELETE `path/{id}/like`. A `scope` (`{ paragraph: 2 }`) narrows the list and goes with a new
// comment; every list and reply under `path` is refreshed by a write.

const CONTENT_MAX = 500;
const PAGE = 10;
type Sort = 1 | 2;
type Scope = Record<string, number>;
const charCount = (s: string) => [...s].length;
const keyOf = (path: string) => ['thread-comments', path] as const;

interface Target {
  commentId: number;
  name: string;
}

/**
 * A target's comments: 热门 / 最新, each with its first replies (the rest on demand), like, reply,
 * delete one's own, and a compose box; a guest who starts to write is sent to login. `path` is
 * under `/api` (`/v1/comic/3/comments`); `onWritten` hears of a comment written or deleted (counts
 * to refresh). In a sheet (`composeBelow`) the list scrolls between the sort bar and the box.
 */
export function ThreadComments({
  path,
  label = '',
  noun = '评论',
  prompt = '说说你的看法…',
  emptyText = `还没有${noun}，来说第一句吧`,
  scope,
  composeBelow = false,
  onWritten,
}: {
  path: string;
  /** What the comments are about, in the box's label: 本话 → 本话评论内容. */
  label?: string;
  /** What one comment is called in the texts: 评论, 段评. */
  noun?: string;
  /** The empty box's placeholder for a member. */
  prompt?: string;
  emptyText?: string;
  /** Sent with the list's query and a new comment's body: `{ paragraph: 2 }`. */
  scope?: Scope;
  composeBelow?: boolean;
  onWritten?: () => void;
}) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<Sort>(1);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...keyOf(path), 'list', scope ?? null, sort, uid],
      queryFn: ({ pageParam }) =>
        http.get<ThreadCommentPage>(path, {
          ...scope,
          sort,
          pageSize: PAGE,
          cursor: pageParam || undefined,
        }),
      initialPageParam: '',
      getNextPageParam: (last: ThreadCommentPage) => last.nextCursor ?? undefined,
    }),
  );
  const create = useMutation({
    mutationFn: (body: { content: string; replyCommentId?: number }) =>
      http.post<ThreadComment>(
        path,
        { ...scope, ...body },
        { json: true, quiet: [ErrorCode.sensitiveWords] },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keyOf(path) });
      onWritten?.();
    },
  });
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
      { content: text.trim(), ...(target ? { replyCommentId: target.commentId } : {}) },
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
  const ctx: Ctx = { path, noun, onWritten, onReply: (t) => (canWrite() ? setTarget(t) : undefined) };

  const compose = (
    <form className="tc__compose" onSubmit={submit}>
      {target && (
        <div className="tc__target">
          <span>
            回复 <b>@{target.name}</b>
          </span>
          <button type="button" onClick={() => setTarget(null)}>
            取消回复
          </button>
        </div>
      )}
      {(problem || tooLong) && (
        <p className="tc__problem" role="alert">
          {tooLong ? `${noun}最多 ${CONTENT_MAX} 字，请删减 ${count - CONTENT_MAX} 字` : problem}
        </p>
      )}
      <div className="tc__row">
        <textarea
          className="tc__input"
          aria-label={`${label}${noun}内容`}
          placeholder={target ? `回复 @${target.name}` : loggedIn ? prompt : `登录后发表${noun}`}
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
        <button type="submit" className="tc__send" disabled={create.isPending || tooLong || !text.trim()}>
          {create.isPending ? '发送中' : '发送'}
        </button>
      </div>
    </form>
  );

  return (
    <div className="tc">
      <div className="tc__bar">
        <span className="tc__total">{total === undefined ? '' : `共 ${total} 条`}</span>
        <fieldset className="tc__sorts">
          <legend className="tc__legend">排序</legend>
          {(
            [
              [1, '热门'],
              [2, '最新'],
            ] as const
          ).map(([value, name]) => (
            <button
              key={value}
              type="button"
              className="tc__sort"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
            >
              {name}
            </button>
          ))}
        </fieldset>
      </div>
      {!composeBelow && compose}
      <div className="tc__list">
        <PagedList
          query={query}
          pullToRefresh={false}
          emptyText={emptyText}
          itemKey={(c: ThreadCommentThread) => c.id}
          renderItem={(c: ThreadCommentThread) => <ThreadItem comment={c} ctx={ctx} />}
        />
      </div>
      {composeBelow && compose}
    </div>
  );
}

interface Ctx {
  path: string;
  noun: string;
  onWritten?: () => void;
  onReply(target: Target): void;
}

function ThreadItem({ comment, ctx }: { comment: ThreadCommentThread; ctx: Ctx }) {
  const uid = useAccountStore((s) => s.account.uid);
  const [expanded, setExpanded] = useState(false);
  const all = useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...keyOf(ctx.path), 'replies', comment.id, uid],
      queryFn: ({ pageParam }) =>
        http.get<ThreadReplyPage>(`${ctx.path}/${comment.id}/replies`, {
          pageSize: PAGE,
          cursor: pageParam || undefined,
        }),
      initialPageParam: '',
      getNextPageParam: (last: ThreadReplyPage) => last.nextCursor ?? undefined,
    }),
    enabled: expanded,
  });
  const replies = expanded && all.data ? all.data.pages.flatMap((p) => p.records) : comment.replies;
  const more = comment.replyCount - replies.length;
  return (
    <div className="tc-thread">
      <Item comment={comment} ctx={ctx} />
      {replies.length > 0 && (
        <ul className="tc-thread__replies">
          {replies.map((r) => (
            <li key={r.id}>
              <Item comment={r} ctx={ctx} small />
            </li>
          ))}
        </ul>
      )}
      {expanded && all.isError && (
        <button type="button" className="tc-thread__more" onClick={() => all.refetch()}>
          回复加载失败，点击重试
        </button>
      )}
      {!expanded && more > 0 && (
        <button type="button" className="tc-thread__more" onClick={() => setExpanded(true)}>
          查看全部 {comment.replyCount} 条回复
        </button>
      )}
      {expanded && all.hasNextPage && (
        <button type="button" className="tc-thread__more" onClick={() => all.fetchNextPage()}>
          更多回复
        </button>
      )}
    </div>
  );
}

function Item({ comment, ctx, small }: { comment: ThreadComment; ctx: Ctx; small?: boolean }) {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(ctx.path) });
  const like = useMutation({
    mutationFn: (next: boolean) => {
      const url = `${ctx.path}/${comment.id}/like`;
      return next ? http.post<LikeAnswer>(url) : http.delete<LikeAnswer>(url);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => http.delete<null>(`${ctx.path}/${comment.id}`),
    onSuccess: async () => {
      await refresh();
      ctx.onWritten?.();
    },
  });
  // Shown at once; the list refetches with the server's counts.
  const [liked, setLiked] = useState<{ liked: boolean; likeCount: number } | null>(null);
  const shown = liked ?? { liked: comment.liked, likeCount: comment.likeCount };
  const toggleLike = () => {
    if (!loggedIn) return goToLogin();
    const next = !shown.liked;
    setLiked({ liked: next, likeCount: Math.max(0, shown.likeCount + (next ? 1 : -1)) });
    like.mutate(next, { onSuccess: (answer) => setLiked(answer), onError: () => setLiked(null) });
  };
  return (
    <div className={`tc-item${small ? ' tc-item--small' : ''}`}>
      <Avatar src={comment.author.avatar} name={comment.author.name} size={small ? 24 : 32} />
      <div className="tc-item__main">
        <span className="tc-item__name">{comment.author.name}</span>
        <p className="tc-item__text">
          {comment.replyTo && small && comment.replyCommentId !== null && (
            <span className="tc-item__mention">
              回复 <b>@{comment.replyTo.name}</b>：
            </span>
          )}
          {comment.content}
        </p>
        <div className="tc-item__meta">
          <time dateTime={comment.createTime}>{relativeTime(comment.createTime)}</time>
          <button
            type="button"
            className="tc-item__action"
            onClick={() => ctx.onReply({ commentId: comment.id, name: comment.author.name })}
          >
            回复
          </button>
          {comment.isMine &&
            (confirming ? (
              <button
                type="button"
                className="tc-item__action tc-item__action--danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                确认删除
              </button>
            ) : (
              <button type="button" className="tc-item__action" onClick={() => setConfirming(true)}>
                删除
              </button>
            ))}
          <span className="tc-item__spacer" />
          <LikeButton
            small
            what={ctx.noun}
            liked={shown.liked}
            count={shown.likeCount}
            onToggle={toggleLike}
          />
        </div>
      </div>
    </div>
  );
}
