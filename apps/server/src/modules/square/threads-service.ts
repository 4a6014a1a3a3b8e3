import type { ThreadComment, ThreadCommentPage, ThreadReplyPage } from '@ld/contract/comments';
import { toPage } from '@ld/contract/envelope';
import type {
  Comment,
  CommentListQuery,
  CreateCommentBody,
  FeedQuery,
  LikeAnswer,
} from '@ld/contract/square';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { THREAD_STORE } from './comment-store.ts';
import * as engine from './comments-engine.ts';
import * as threads from './threads-repository.ts';

/**
 * Comments on something outside the square (DESIGN §13): 段评 on a novel's paragraph, later an
 * episode's comments. The square's comment engine on the thread store; the calling module names
 * the place by a scope (`novel:{workId}:{unitId}`) and a slot (the paragraph index, 0 for an
 * episode) and has already checked that the place exists
 * (docs/decisions/0033-paragraph-comments.md).
 */
export interface ThreadKey {
  scope: string;
  slot: number;
}

/** The thread store's comment target: a thread's counters move with its comments. */
export const onThreads: engine.CommentTarget = {
  store: THREAD_STORE,
  bump: threads.bumpThreadCounters,
};

const withSlot = ({ postId: _, ...comment }: Comment, slot: number): ThreadComment => ({ ...comment, slot });

/** A comment reached by id must hang on a thread of `scope` (a wrong chapter's URL finds nothing). */
async function slotIn(db: Conn, scope: string, threadId: number): Promise<number> {
  const thread = await threads.findThreadById(db, threadId);
  if (!thread || thread.scope !== scope) throw notFound('评论');
  return thread.slot;
}

const inScope =
  (scope: string): engine.AnchorCheck =>
  async (db, threadId) => {
    await slotIn(db, scope, threadId);
  };

/** Top-level comments of a slot, hot or latest, each with its first replies; empty before the first. */
export async function listThreadComments(
  deps: Deps,
  userId: number | null,
  key: ThreadKey,
  query: CommentListQuery,
): Promise<ThreadCommentPage> {
  const thread = await threads.findThread(deps.db.kysely, key.scope, key.slot);
  if (!thread) {
    return { ...toPage([], 0, query), nextCursor: null };
  }
  const page = await engine.listTopLevel(deps, THREAD_STORE, userId, Number(thread.id), query);
  return {
    ...page,
    records: page.records.map(({ replies, ...c }) => ({
      ...withSlot(c, key.slot),
      replies: replies.map((r) => withSlot(r, key.slot)),
    })),
  };
}

/** Replies under one top-level comment of the scope, oldest first. */
export async function listThreadReplies(
  deps: Deps,
  userId: number | null,
  scope: string,
  commentId: number,
  query: FeedQuery,
): Promise<ThreadReplyPage> {
  let slot = 0;
  const page = await engine.listReplies(
    deps,
    THREAD_STORE,
    userId,
    commentId,
    query,
    async (db, threadId) => {
      slot = await slotIn(db, scope, threadId);
    },
  );
  return { ...page, records: page.records.map((r) => withSlot(r, slot)) };
}

/** A comment on the slot (its thread opened with the first one), or a reply to one of its comments. */
export async function createThreadComment(
  deps: Deps,
  userId: number,
  key: ThreadKey,
  body: CreateCommentBody,
): Promise<ThreadComment> {
  const comment = await engine.create(deps, onThreads, userId, body, (trx) =>
    threads.openThread(trx, key.scope, key.slot, deps.clock.now()),
  );
  return withSlot(comment, key.slot);
}

/** The author's soft delete of a comment of the scope. */
export function deleteThreadComment(deps: Deps, userId: number, scope: string, id: number): Promise<void> {
  return engine.remove(deps, onThreads, userId, id, inScope(scope));
}

export function setThreadCommentLike(
  deps: Deps,
  userId: number,
  scope: string,
  id: number,
  like: boolean,
): Promise<LikeAnswer> {
  return engine.setLike(deps, THREAD_STORE, userId, id, like, inScope(scope));
}

/** Live comments (replies included) per slot of a scope, in one query: `slots` entries, zeros where none. */
export async function threadCommentCounts(deps: Deps, scope: string, slots: number): Promise<number[]> {
  const counts = new Array<number>(slots).fill(0);
  for (const row of await threads.countsOfScope(deps.db.kysely, scope)) {
    if (row.slot >= 0 && row.slot < slots) counts[row.slot] = row.comment_count;
  }
  return counts;
}
