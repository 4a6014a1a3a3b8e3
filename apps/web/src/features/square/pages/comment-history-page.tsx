import { relativeTime } from '@ld/contract/relative-time';
import type { MyComment, Post } from '@ld/contract/square';
import { useState } from 'react';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { toast } from '../../../shared/ui/toast-store';
import { useDeleteComment } from '../api/delete-comment';
import { useDeletePost } from '../api/delete-post';
import { useMyComments } from '../api/get-my-comments';
import { useMyPosts } from '../api/get-my-posts';
import { LoginPrompt } from '../components/login-prompt';
import './comment-history-page.css';

type Tab = 'posts' | 'comments';
const TABS: TabItem<Tab>[] = [
  { key: 'posts', label: '我的帖子' },
  { key: 'comments', label: '我的评论' },
];

type Pending = { kind: 'post'; post: Post } | { kind: 'comment'; comment: MyComment };

function MyPosts({ onDelete }: { onDelete: (post: Post) => void }) {
  const query = useMyPosts();
  return (
    <PagedList
      query={query}
      itemKey={(post) => post.id}
      emptyText="你还没有发过帖子"
      emptyAction={
        <Link to="/postpage" className="btn btn--ghost">
          去发帖
        </Link>
      }
      renderItem={(post) => (
        <div className="history-item">
          <Link to={`/post/${post.id}`} className="history-item__body">
            <p className="history-item__text">{post.content}</p>
            <span className="history-item__meta">
              <time dateTime={post.createTime}>{relativeTime(post.createTime)}</time>
              <span>#{post.tag.tag}</span>
              <span>{post.likeCount} 赞</span>
              <span>{post.commentCount} 评论</span>
              {post.images.length > 0 && <span>{post.images.length} 图</span>}
            </span>
          </Link>
          <button
            type="button"
            className="history-item__delete"
            aria-label="删除这条帖子"
            onClick={() => onDelete(post)}
          >
            删除
          </button>
        </div>
      )}
    />
  );
}

function MyComments({ onDelete }: { onDelete: (comment: MyComment) => void }) {
  const query = useMyComments();
  return (
    <PagedList
      query={query}
      itemKey={(comment) => comment.id}
      emptyText="你还没有发表过评论，去广场看看吧"
      emptyAction={
        <Link to="/square" className="btn btn--ghost">
          去广场
        </Link>
      }
      renderItem={(comment) => (
        <div className="history-item">
          <Link to={`/post/${comment.postId}`} className="history-item__body">
            <p className="history-item__text">
              {comment.replyTo && (
                <span className="history-item__mention">回复 @{comment.replyTo.name}：</span>
              )}
              {comment.content}
            </p>
            <p className="history-item__quote">原帖：{comment.postExcerpt}</p>
            <span className="history-item__meta">
              <time dateTime={comment.createTime}>{relativeTime(comment.createTime)}</time>
              <span>{comment.likeCount} 赞</span>
            </span>
          </Link>
          <button
            type="button"
            className="history-item__delete"
            aria-label="删除这条评论"
            onClick={() => onDelete(comment)}
          >
            删除
          </button>
        </div>
      )}
    />
  );
}

/** 我的发布和评论: my posts and my comments, newest first, each opening its post and deletable. */
export default function CommentHistoryPage() {
  const isLoggedIn = useIsLoggedIn();
  // The page is not kept alive: the tab outlives it so back from a post shows the same list.
  const [tab, setTab] = useSessionState<Tab>('commenthistory.tab', 'posts');
  const [pending, setPending] = useState<Pending | null>(null);
  const deletePost = useDeletePost();
  const deleteComment = useDeleteComment();

  if (!isLoggedIn) return <LoginPrompt text="登录后查看你发布的帖子和评论" />;

  const confirm = () => {
    if (!pending) return;
    const done = (message: string) => () => {
      setPending(null);
      toast.success(message);
    };
    if (pending.kind === 'post') deletePost.mutate(pending.post.id, { onSuccess: done('帖子已删除') });
    else
      deleteComment.mutate(
        { id: pending.comment.id, postId: pending.comment.postId },
        { onSuccess: done('评论已删除') },
      );
  };

  return (
    <div className="history">
      <div className="history__tabs">
        <Tabs label="我的发布和评论" items={TABS} active={tab} onChange={setTab} />
      </div>
      {tab === 'posts' ? (
        <MyPosts onDelete={(post) => setPending({ kind: 'post', post })} />
      ) : (
        <MyComments onDelete={(comment) => setPending({ kind: 'comment', comment })} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'post' ? '删除帖子' : '删除评论'}
        message={
          pending?.kind === 'post'
            ? '删除后帖子和它的评论都将不再显示，确定删除吗？'
            : '删除后这条评论将不再显示，确定删除吗？'
        }
        confirmText="删除"
        busy={deletePost.isPending || deleteComment.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
