import { ErrorCode } from '@ld/contract/codes';
import { relativeTime } from '@ld/contract/relative-time';
import type { Comment } from '@ld/contract/square';
import { SquareSort, type SquareSortValue } from '@ld/contract/square-values';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/http/client';
import { ImageViewer } from '../../../shared/ui/adm';
import { Avatar } from '../../../shared/ui/avatar';
import { LikeButton } from '../../../shared/ui/like-button';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { toast } from '../../../shared/ui/toast-store';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useDeletePost } from '../api/delete-post';
import { useFollowUser } from '../api/follow-user';
import { useComments } from '../api/get-comments';
import { isNotFound, usePost } from '../api/get-post';
import { CommentBar } from '../components/comment-bar';
import { CommentThread } from '../components/comment-thread';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ImageGrid } from '../components/image-grid';
import { commentPayload, type ReplyTarget, replyTargetOf } from '../lib/reply-target';
import { useLoginGate } from '../lib/use-login-gate';
import { useToggleCommentLike, useTogglePostLike } from '../lib/use-toggle-like';
import './post-detail-page.css';

const SORTS: TabItem<SquareSortValue>[] = [
  { key: SquareSort.hot, label: '热门' },
  { key: SquareSort.latest, label: '最新' },
];

type Pending = { kind: 'post' } | { kind: 'comment'; comment: Comment };

/** 帖子详情: the post, its images full screen, likes, following the author, comments and replies. */
export default function PostDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const gate = useLoginGate();
  const post = usePost(id);
  const [sort, setSort] = useState<SquareSortValue>(SquareSort.hot);
  const comments = useComments(id, sort, post.isSuccess);
  const [viewer, setViewer] = useState<number | null>(null);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [repliedThread, setRepliedThread] = useState<number | null>(null);
  const toggleLike = useTogglePostLike();
  const toggleCommentLike = useToggleCommentLike();
  const follow = useFollowUser();
  const createComment = useCreateComment();
  const deletePost = useDeletePost();
  const deleteComment = useDeleteComment();

  const isValidId = Number.isSafeInteger(id) && id > 0;
  if (isValidId && post.isPending) return <Loading />;
  if (!isValidId || post.isError) {
    if (!isValidId || isNotFound(post.error)) {
      return (
        <Empty
          text="帖子不存在或已删除"
          action={
            <Link to="/square" className="btn btn--ghost">
              去广场看看
            </Link>
          }
        />
      );
    }
    return <ErrorState onRetry={() => post.refetch()} />;
  }
  const p = post.data;
  if (!p) return <Loading />;

  const reply = (comment: Comment, rootId?: number) => {
    if (!gate()) return;
    setTarget(replyTargetOf(comment, rootId));
    setProblem(null);
  };

  const send = () => {
    setProblem(null);
    createComment.mutate(
      { postId: p.id, ...commentPayload(text, target) },
      {
        onSuccess: () => {
          if (target) setRepliedThread(target.rootId);
          setText('');
          setTarget(null);
          toast.success(target ? '回复成功' : '评论成功');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.sensitiveWords) setProblem(error.message);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!pending) return;
    if (pending.kind === 'post') {
      deletePost.mutate(p.id, {
        onSuccess: () => {
          setPending(null);
          toast.success('帖子已删除');
          navigate('/square', { replace: true });
        },
      });
    } else {
      deleteComment.mutate(
        { id: pending.comment.id, postId: p.id },
        {
          onSuccess: () => {
            if (target?.commentId === pending.comment.id || target?.rootId === pending.comment.id)
              setTarget(null);
            setPending(null);
            toast.success('评论已删除');
          },
        },
      );
    }
  };

  return (
    <div className="post-detail">
      <article className="post-detail__post">
        <header className="post-detail__head">
          <Avatar src={p.author.avatar} name={p.author.name} size={42} />
          <div className="post-detail__who">
            <span className="post-detail__name">{p.author.name}</span>
            <time className="post-detail__time" dateTime={p.createTime}>
              {relativeTime(p.createTime)}
            </time>
          </div>
          {!p.isMine && (
            <button
              type="button"
              className={`post-detail__follow${p.followed ? ' is-followed' : ''}`}
              disabled={follow.isPending}
              onClick={() => {
                if (gate()) follow.mutate({ uid: p.uid, follow: !p.followed });
              }}
            >
              {p.followed ? '已关注' : '+ 关注'}
            </button>
          )}
        </header>
        <p className="post-detail__text">{p.content}</p>
        <ImageGrid images={p.images} alt={`${p.author.name}的帖子图片`} onOpen={setViewer} priority />
        <ImageViewer.Multi
          images={p.images}
          visible={viewer !== null}
          defaultIndex={viewer ?? 0}
          onClose={() => setViewer(null)}
        />
        <footer className="post-detail__foot">
          <span className="post-detail__tag">#{p.tag.tag}</span>
          {p.isMine && (
            <button
              type="button"
              className="post-detail__delete"
              onClick={() => setPending({ kind: 'post' })}
            >
              删除
            </button>
          )}
          <span className="post-detail__spacer" />
          <LikeButton liked={p.liked} count={p.likeCount} onToggle={() => toggleLike(p)} />
        </footer>
      </article>

      <section className="post-detail__comments" aria-label="评论">
        <div className="post-detail__comments-head">
          <h2>评论 {p.commentCount}</h2>
          <Tabs label="评论排序" variant="pill" items={SORTS} active={sort} onChange={setSort} />
        </div>
        <PagedList
          query={comments}
          pullToRefresh={false}
          itemKey={(thread) => thread.id}
          emptyText="还没有评论，快来抢沙发吧"
          renderItem={(thread) => (
            <CommentThread
              thread={thread}
              postAuthorUid={p.uid}
              onReply={reply}
              onToggleLike={toggleCommentLike}
              onDelete={(comment) => setPending({ kind: 'comment', comment })}
              showAll={repliedThread === thread.id}
            />
          )}
        />
      </section>

      <CommentBar
        text={text}
        onTextChange={(value) => {
          setText(value);
          setProblem(null);
        }}
        target={target}
        onCancelTarget={() => setTarget(null)}
        problem={problem}
        busy={createComment.isPending}
        canWrite={gate}
        onSubmit={send}
      />

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'post' ? '删除帖子' : '删除评论'}
        message={
          pending?.kind === 'post'
            ? '删除后帖子和它的评论都将不再显示，确定删除吗？'
            : '删除后这条评论（及其回复）将不再显示，确定删除吗？'
        }
        confirmText="删除"
        busy={deletePost.isPending || deleteComment.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
