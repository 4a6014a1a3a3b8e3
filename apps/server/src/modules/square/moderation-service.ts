import type { AdminPage } from '@ld/contract/admin/list';
import type {
  CommentSource,
  ModComment,
  ModCommentListQuery,
  ModPost,
  ModPostListQuery,
} from '@ld/contract/admin/moderation';
import type { Conn } from '../../db/database.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { profilesOf, UNKNOWN_PROFILE, userIdsMatching } from '../accounts/public.ts';
import { type AuditActor, adminOffset, consoleRecord } from '../operators/public.ts';
import * as engine from './comments-engine.ts';
import { onPosts } from './comments-service.ts';
import { parseImages } from './mapping.ts';
import * as mod from './moderation-repository.ts';
import * as posts from './posts-repository.ts';
import { onThreads } from './threads-service.ts';

// 内容审核 (issue 20 §4): moderators search posts and comments, live or deleted, and delete or
// restore them through the same soft delete and counters as the author's own delete. Each write
// is audited and announces `square`, so what any process keeps of the square (the home's post
// section) is dropped; the feeds themselves read the rows and show it at the next request.

/** An author filter: a user id, or text in the login or display name (the first 500 matches). */
async function authorIds(db: Conn, author: string | undefined): Promise<number[] | undefined> {
  return author === undefined ? undefined : userIdsMatching(db, author, 500);
}

const timeOf = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
const deletedOf = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

async function toModPosts(db: Conn, rows: mod.ModPostRow[]): Promise<ModPost[]> {
  const people = await profilesOf(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    authorName: (people.get(Number(r.user_id)) ?? UNKNOWN_PROFILE).name,
    tag: r.tag_name,
    content: r.content,
    images: parseImages(r.images),
    likeCount: r.like_count,
    commentCount: r.comment_count,
    createTime: toIso(Number(r.created_at)),
    deleted: r.deleted_at !== null,
    deleteTime: toIsoOrNull(r.deleted_at === null ? null : Number(r.deleted_at)),
  }));
}

async function toModComments(db: Conn, rows: mod.ModCommentRow[]): Promise<ModComment[]> {
  const people = await profilesOf(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    source: 'square' as const,
    postId: Number(r.post_id),
    rootId: r.root_id === null ? null : Number(r.root_id),
    userId: Number(r.user_id),
    authorName: (people.get(Number(r.user_id)) ?? UNKNOWN_PROFILE).name,
    content: r.content,
    place: `帖子 #${r.post_id} ${[...r.post_content].slice(0, 40).join('')}`,
    likeCount: r.like_count,
    replyCount: r.reply_count,
    createTime: toIso(Number(r.created_at)),
    deleted: r.deleted_at !== null,
    deleteTime: toIsoOrNull(r.deleted_at === null ? null : Number(r.deleted_at)),
  }));
}

/** Where a thread is, as a moderator reads it: 段评 name their paragraph. */
const placeOf = (scope: string, slot: number) =>
  scope.startsWith('novel:') ? `小说段评 ${scope} 第 ${slot + 1} 段` : `评论区 ${scope}`;

async function toModThreadComments(db: Conn, rows: mod.ModThreadCommentRow[]): Promise<ModComment[]> {
  const people = await profilesOf(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    source: 'thread' as const,
    postId: null,
    rootId: r.root_id === null ? null : Number(r.root_id),
    userId: Number(r.user_id),
    authorName: (people.get(Number(r.user_id)) ?? UNKNOWN_PROFILE).name,
    content: r.content,
    place: placeOf(r.scope, r.slot),
    likeCount: r.like_count,
    replyCount: r.reply_count,
    createTime: toIso(Number(r.created_at)),
    deleted: r.deleted_at !== null,
    deleteTime: toIsoOrNull(r.deleted_at === null ? null : Number(r.deleted_at)),
  }));
}

const SORT = { createTime: 'created_at', id: 'id' } as const;

export async function listModPosts(deps: Deps, q: ModPostListQuery): Promise<AdminPage<ModPost>> {
  const db = deps.db.kysely;
  const { rows, total } = await mod.listModPosts(
    db,
    {
      keyword: q.keyword,
      userIds: await authorIds(db, q.author),
      deleted: deletedOf(q.deleted),
      from: timeOf(q.from),
      to: timeOf(q.to),
    },
    { sort: SORT[q.sort], order: q.order, limit: q.pageSize, offset: adminOffset(q) },
  );
  return consoleRecord.page(await toModPosts(db, rows), total, q);
}

export async function listModComments(deps: Deps, q: ModCommentListQuery): Promise<AdminPage<ModComment>> {
  const db = deps.db.kysely;
  const filter = {
    keyword: q.keyword,
    userIds: await authorIds(db, q.author),
    postId: q.postId,
    deleted: deletedOf(q.deleted),
    from: timeOf(q.from),
    to: timeOf(q.to),
  };
  const window = { sort: SORT[q.sort], order: q.order, limit: q.pageSize, offset: adminOffset(q) };
  if (q.source === 'thread') {
    const { rows, total } = await mod.listModThreadComments(db, filter, window);
    return consoleRecord.page(await toModThreadComments(db, rows), total, q);
  }
  const { rows, total } = await mod.listModComments(db, filter, window);
  return consoleRecord.page(await toModComments(db, rows), total, q);
}

async function modPostOf(db: Conn, id: number): Promise<ModPost> {
  const row = await mod.findModPost(db, id);
  if (!row) throw notFound('帖子');
  return (await toModPosts(db, [row]))[0]!;
}

async function modCommentOf(db: Conn, source: CommentSource, id: number): Promise<ModComment> {
  if (source === 'thread') {
    const row = await mod.findModThreadComment(db, id);
    if (!row) throw notFound('评论');
    return (await toModThreadComments(db, [row]))[0]!;
  }
  const row = await mod.findModComment(db, id);
  if (!row) throw notFound('评论');
  return (await toModComments(db, [row]))[0]!;
}

const targetOf = (source: CommentSource) => (source === 'thread' ? onThreads : onPosts);
/** The audit target type: square comments stay `comment`; 段评 and episode comments are `thread-comment`. */
const targetTypeOf = (source: CommentSource) => (source === 'thread' ? 'thread-comment' : 'comment');
/** A square comment changes the post's counters (the home shows them); a thread's are read live. */
const announceOf = (source: CommentSource) => (source === 'thread' ? {} : announce);

const announce = { announce: ['square' as const] };

/** A moderator's delete: the author's soft delete (the post leaves every list and its counters). */
export function deletePostAsModerator(deps: Deps, actor: AuditActor, id: number): Promise<ModPost> {
  return consoleRecord.change(
    deps,
    actor,
    { type: 'post', id, verb: 'delete' },
    {
      read: (trx) => modPostOf(trx, id),
      write: async (trx) => {
        const post = await posts.findPost(trx, id);
        if (!post || post.deleted_at !== null || !(await posts.softDeletePost(trx, id, deps.clock.now())))
          throw notFound('帖子');
        await posts.addLivePosts(trx, new Map([[post.tag_id, -1]]));
      },
    },
    announce,
  );
}

/** Brings a deleted post back into the feeds and their counters (its comments come with it). */
export function restorePost(deps: Deps, actor: AuditActor, id: number): Promise<ModPost> {
  return consoleRecord.change(
    deps,
    actor,
    { type: 'post', id, verb: 'restore' },
    {
      read: (trx) => modPostOf(trx, id),
      write: async (trx) => {
        const post = await posts.findPost(trx, id);
        if (!post || post.deleted_at === null || !(await mod.restorePost(trx, id, deps.clock.now())))
          throw notFound('已删除的帖子');
        await posts.addLivePosts(trx, new Map([[post.tag_id, 1]]));
      },
    },
    announce,
  );
}

/** A moderator's delete of a comment (a top-level one takes its replies), counters moved as the author's. */
export function deleteCommentAsModerator(
  deps: Deps,
  actor: AuditActor,
  source: CommentSource,
  id: number,
): Promise<ModComment> {
  return consoleRecord.change(
    deps,
    actor,
    { type: targetTypeOf(source), id, verb: 'delete' },
    {
      read: (trx) => modCommentOf(trx, source, id),
      write: (trx) => engine.removeIn(trx, targetOf(source), id, deps.clock.now(), async () => {}),
    },
    announceOf(source),
  );
}

/** Brings a deleted comment back, with the replies deleted along with it. */
export function restoreComment(
  deps: Deps,
  actor: AuditActor,
  source: CommentSource,
  id: number,
): Promise<ModComment> {
  return consoleRecord.change(
    deps,
    actor,
    { type: targetTypeOf(source), id, verb: 'restore' },
    {
      read: (trx) => modCommentOf(trx, source, id),
      write: (trx) => engine.restoreIn(trx, targetOf(source), id),
    },
    announceOf(source),
  );
}
