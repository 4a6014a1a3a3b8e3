import { relativeTime } from '@ld/contract/relative-time';
import { SquareSort, type SquareSortValue } from '@ld/contract/square-values';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CommentSection } from '../../../shared/comments/comment-section';
import { Avatar } from '../../../shared/ui/avatar';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ImageViewer } from '../../../shared/ui/image-viewer';
import { LikeButton } from '../../../shared/ui/like-button';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { toast } from '../../../shared/ui/toast-store';
import { useDeletePost } from '../api/delete-post';
import { useFollowUser } from '../api/follow-user';
import { isNotFound, postQuery, usePost } from '../api/get-post';
import { ImageGrid } from '../components/image-grid';
import { usePostCommentEffects } from '../lib/comment-effects';
import { postCommentPlace } from '../lib/comment-place';
import { useLoginGate } from '../lib/use-login-gate';
import { useTogglePostLike } from '../lib/use-toggle-like';
import './post-detail-page.css';
import { threadsQuery } from '../../../shared/comments/api/threads';
import { useNow } from '../../../shared/hooks/use-now';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';

/** The first screen: the post and the first page of its comments (热门, the section's default). */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  return [postQuery(uid, id), threadsQuery(postCommentPlace(id), SquareSort.hot, uid)];
};

const SORTS: TabItem<SquareSortValue>[] = [
  { key: SquareSort.hot, label: '热门' },
  { key: SquareSort.latest, label: '最新' },
];

/** 帖子详情: the post, its images full screen, likes, following the author, comments and replies. */
export default function PostDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const gate = useLoginGate();
  const post = usePost(id);
  const now = useNow();
  const [viewer, setViewer] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toggleLike = useTogglePostLike();
  const follow = useFollowUser();
  const deletePost = useDeletePost();
  const onCommentWritten = usePostCommentEffects(id);

  const isValidId = Number.isSafeInteger(id) && id > 0;
  if (isValidId && post.isPending) return <Loading />;
  if (!isValidId || post.isError) {
    if (!isValidId || isNotFound(post.error)) {
      return <NotThere text="帖子不存在或已删除" to="/square" label="去广场看看" />;
    }
    return <ErrorState onRetry={() => post.refetch()} />;
  }
  const p = post.data;
  if (!p) return <Loading />;

  const confirmDelete = () =>
    deletePost.mutate(p.id, {
      onSuccess: () => {
        setDeleting(false);
        toast.success('帖子已删除');
        navigate('/square', { replace: true });
      },
    });

  return (
    <div className="post-detail">
      <article className="post-detail__post">
        <header className="post-detail__head">
          <Avatar src={p.author.avatar} name={p.author.name} size={42} />
          <div className="post-detail__who">
            <span className="post-detail__name">{p.author.name}</span>
            <time className="post-detail__time" dateTime={p.createTime}>
              {relativeTime(p.createTime, now)}
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
        <ImageViewer images={p.images} index={viewer} onClose={() => setViewer(null)} />
        <footer className="post-detail__foot">
          <span className="post-detail__tag">#{p.tag.tag}</span>
          {p.isMine && (
            <button type="button" className="post-detail__delete" onClick={() => setDeleting(true)}>
              删除
            </button>
          )}
          <span className="post-detail__spacer" />
          <LikeButton liked={p.liked} count={p.likeCount} onToggle={() => toggleLike(p)} />
        </footer>
      </article>

      <section className="post-detail__comments" aria-label="评论">
        <CommentSection
          place={postCommentPlace(p.id)}
          authorUid={p.uid}
          head={(sort, setSort) => (
            <div className="post-detail__comments-head">
              <h2>评论 {p.commentCount}</h2>
              <Tabs
                label="评论排序"
                variant="pill"
                items={SORTS}
                active={sort as SquareSortValue}
                onChange={(key) => setSort(key)}
              />
            </div>
          )}
          prompt="说点什么吧…"
          guestPrompt="说点什么吧…"
          emptyText="还没有评论，快来抢沙发吧"
          compose="docked"
          deleteConfirm="dialog"
          toasts={{ created: '评论成功', replied: '回复成功', deleted: '评论已删除' }}
          enabled={post.isSuccess}
          onWritten={onCommentWritten}
        />
      </section>

      <ConfirmDialog
        open={deleting}
        title="删除帖子"
        message="删除后帖子和它的评论都将不再显示，确定删除吗？"
        confirmText="删除"
        busy={deletePost.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}
