import {
  type CreatePostBody,
  type FeedQuery,
  type Post,
  type PostListQuery,
  type PostPage,
  SquareSort,
  type SquareTag,
} from '@ld/contract/square';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound, ruleError } from '../../platform/errors.ts';
import { keyOfUrl } from '../../platform/storage.ts';
import { assertMayPost, profilesOf } from '../accounts/public.ts';
import type { FeedOrder } from './cursor.ts';
import * as follows from './follows-repository.ts';
import { postHotScore } from './hot-score.ts';
import { toPost, type Viewer } from './mapping.ts';
import { feedPage, keyOf, windowOf } from './paging.ts';
import * as posts from './posts-repository.ts';
import * as tags from './tags-repository.ts';
import * as words from './words-repository.ts';
import { assertNoSensitiveWords } from './words-service.ts';

export async function listTags(deps: Deps): Promise<SquareTag[]> {
  const rows = await tags.listTags(deps.db.kysely);
  return rows.map((r) => ({ id: r.id, tag: r.name }));
}

/** The authors of these posts, and what the caller liked and whom they follow among them. */
async function viewerOf(db: Conn, userId: number | null, rows: posts.PostRow[]): Promise<Viewer> {
  const authorIds = [...new Set(rows.map((r) => r.user_id))];
  const isGuest = userId === null || rows.length === 0;
  const [people, liked, followed] = await Promise.all([
    profilesOf(db, authorIds),
    isGuest
      ? new Set<number>()
      : posts.likedPostIds(
          db,
          userId,
          rows.map((r) => r.id),
        ),
    isGuest ? new Set<number>() : follows.followedIds(db, userId, authorIds),
  ]);
  return { userId, liked, followed, people };
}

/**
 * Where a feed's `total` comes from. The square feed without a keyword reads its tag's (or the
 * all-posts) counter: exact and O(1). A keyword, the follow feed and one author's posts have no
 * counter, so they count up to TOTAL_CAP matches and no further: for them `total` means "at
 * least this many" once it reaches the cap (and `pages` follows it). Paging on by cursor is not
 * limited by the cap; `nextCursor` comes from the rows themselves.
 */
export const TOTAL_CAP = 10_000;

function totalOf(db: Conn, filter: posts.PostFilter): Promise<number> {
  const counted =
    filter.keyword === undefined && filter.userId === undefined && filter.followerId === undefined;
  return counted ? posts.liveCount(db, filter.tagId) : posts.countPostsUpTo(db, filter, TOTAL_CAP);
}

async function feed(
  deps: Deps,
  userId: number | null,
  filter: posts.PostFilter,
  query: FeedQuery,
  order: FeedOrder,
): Promise<PostPage> {
  const window = windowOf(query, order);
  const db = deps.db.kysely;
  const [rows, total] = await Promise.all([posts.listPosts(db, filter, window), totalOf(db, filter)]);
  const kept = rows.slice(0, query.pageSize);
  const viewer = await viewerOf(db, userId, kept);
  return feedPage(rows, total, query, order, keyOf(order), (page) => page.map((r) => toPost(r, viewer)));
}

const orderOf = (sort: 1 | 2): FeedOrder => (sort === SquareSort.hot ? 'hot' : 'latest');

/** The square feed: hot or latest, optionally one tag and/or a keyword in the text. */
export async function listPostFeed(
  deps: Deps,
  userId: number | null,
  query: PostListQuery,
): Promise<PostPage> {
  const page = await feed(
    deps,
    userId,
    { tagId: query.tagId, keyword: query.keyword },
    query,
    orderOf(query.sort),
  );
  // A first page that found something counts towards the hot keywords used for suggestions.
  if (query.keyword && !query.cursor && query.currentPage === 1 && page.total > 0) {
    await words.recordKeyword(deps.db.kysely, query.keyword.toLowerCase(), deps.clock.now());
  }
  return page;
}

/**
 * Posts for other modules (home, the search across every kind), as a guest sees them: hot, or
 * by latest with a keyword. Unlike the square's own search it does not count the keyword
 * towards the square's hot keywords.
 */
export const findPosts = (deps: Deps, query: FeedQuery & { keyword?: string; sort: 1 | 2 }) =>
  feed(deps, null, { keyword: query.keyword }, query, orderOf(query.sort));

/** Newest posts by the people the caller follows. */
export const listFollowFeed = (deps: Deps, userId: number, query: FeedQuery) =>
  feed(deps, userId, { followerId: userId }, query, 'latest');

export const listMyPosts = (deps: Deps, userId: number, query: FeedQuery) =>
  feed(deps, userId, { userId }, query, 'latest');

export async function getPost(deps: Deps, userId: number | null, id: number): Promise<Post> {
  const db = deps.db.kysely;
  const row = await posts.findPostRow(db, id);
  if (!row) throw notFound('帖子');
  return toPost(row, await viewerOf(db, userId, [row]));
}

export async function createPost(deps: Deps, userId: number, body: CreatePostBody): Promise<Post> {
  const db = deps.db.kysely;
  await assertMayPost(db, userId, deps.clock.now());
  if (!(await tags.findTag(db, body.tagId))) throw badInput('tagId', '话题不存在，请重新选择');
  for (const url of body.images) {
    const key = keyOfUrl(url);
    if (key === null || !(await deps.storage.exists(key))) {
      throw badInput('images', '图片不存在或已过期，请重新上传');
    }
  }
  await assertNoSensitiveWords(deps, body.content);
  const now = deps.clock.now();
  const id = await db.transaction().execute(async (trx) => {
    const postId = await posts.insertPost(trx, {
      user_id: userId,
      tag_id: body.tagId,
      content: body.content,
      images: JSON.stringify(body.images),
      hot_score: postHotScore({ like_count: 0, comment_count: 0, created_at: now }),
      now,
    });
    await deps.events.emit(trx, { type: 'square.postPublished', userId, postId });
    // Last in the transaction: the all-posts counter row is shared by every writer, so it is held briefly.
    await posts.addLivePosts(trx, new Map([[body.tagId, 1]]));
    return postId;
  });
  // After the commit: every process drops what it keeps of the square (the home's post section).
  await deps.changes.announce('square');
  return getPost(deps, userId, id);
}

/** Soft delete by the author: the post leaves every list (and its counters) and its detail answers 404. */
export async function deletePost(deps: Deps, userId: number, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const post = await posts.findPost(trx, id);
    if (!post || post.deleted_at !== null) throw notFound('帖子');
    if (post.user_id !== userId) throw ruleError('只能删除自己的帖子');
    // Only the delete that changed the row moves the counters, however many arrive at once.
    if (!(await posts.softDeletePost(trx, id, deps.clock.now()))) throw notFound('帖子');
    await posts.addLivePosts(trx, new Map([[post.tag_id, -1]]));
  });
  await deps.changes.announce('square');
}

/** Liking twice counts once; unliking what is not liked changes nothing. */
export async function setPostLike(
  deps: Deps,
  userId: number,
  id: number,
  like: boolean,
): Promise<{ liked: boolean; likeCount: number }> {
  const { changed, ...answer } = await deps.db.kysely.transaction().execute(async (trx) => {
    const post = await posts.findPost(trx, id);
    if (!post || post.deleted_at !== null) throw notFound('帖子');
    const changed = like
      ? await posts.insertPostLike(trx, id, userId, deps.clock.now())
      : await posts.deletePostLike(trx, id, userId);
    if (!changed) {
      // Re-read: a concurrent like by the same user may have committed while this one waited.
      const current = await posts.findPost(trx, id);
      return { changed, liked: like, likeCount: current?.like_count ?? post.like_count };
    }
    const counters = await posts.bumpPostCounters(trx, id, { like_count: like ? 1 : -1 });
    await posts.setPostHotScore(trx, id, postHotScore(counters));
    return { changed, liked: like, likeCount: counters.like_count };
  });
  // After the commit: the guest feed kept in every process shows the count (guest-feed-cache.ts).
  if (changed) await deps.changes.announce('square-counts');
  return answer;
}
