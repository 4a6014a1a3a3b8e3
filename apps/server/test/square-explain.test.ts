import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQUARE_STORE, THREAD_STORE } from '../src/modules/square/comment-store.ts';
import * as comments from '../src/modules/square/comments-repository.ts';
import type { FeedWindow } from '../src/modules/square/feed-sql.ts';
import * as posts from '../src/modules/square/posts-repository.ts';
import { openQueryPlans, type QueryPlans } from './helpers/query-plan.ts';

/**
 * Feeds must walk an index from the cursor (DESIGN §5: page 10 000 costs what page 1 costs).
 * The repository's own SQL is captured and handed to SQLite's EXPLAIN QUERY PLAN.
 */
describe('square feed query plans on sqlite', () => {
  let plans: QueryPlans;
  beforeAll(async () => {
    plans = await openQueryPlans();
  });
  afterAll(() => plans.close());
  const planOf = (run: () => Promise<unknown>) => plans.planOf(run);

  const after = { value: 1_700_000_000_000, id: 100 };
  const window = (order: FeedWindow['order']): FeedWindow => ({ order, limit: 11, offset: 0, after });

  const cases: Array<[string, () => Promise<unknown>, string]> = [
    ['posts latest', () => posts.listPosts(plans.db, {}, window('latest')), 'square_posts_latest'],
    ['posts hot', () => posts.listPosts(plans.db, {}, window('hot')), 'square_posts_hot'],
    [
      'posts of a tag, latest',
      () => posts.listPosts(plans.db, { tagId: 1 }, window('latest')),
      'square_posts_tag_latest',
    ],
    [
      'posts of a tag, hot',
      () => posts.listPosts(plans.db, { tagId: 1 }, window('hot')),
      'square_posts_tag_hot',
    ],
    ['my posts', () => posts.listPosts(plans.db, { userId: 1 }, window('latest')), 'square_posts_user'],
    [
      'comments latest',
      () => comments.listTopComments(plans.db, SQUARE_STORE, 1, window('latest')),
      'square_comments_latest',
    ],
    [
      'comments hot',
      () => comments.listTopComments(plans.db, SQUARE_STORE, 1, window('hot')),
      'square_comments_hot',
    ],
    [
      'replies',
      () => comments.listReplies(plans.db, SQUARE_STORE, 1, window('oldest')),
      'square_comments_replies',
    ],
    ['my comments', () => comments.listUserComments(plans.db, 1, window('latest')), 'square_comments_user'],
    [
      'paragraph comments latest',
      () => comments.listTopComments(plans.db, THREAD_STORE, 1, window('latest')),
      'thread_comments_latest',
    ],
    [
      'paragraph comments hot',
      () => comments.listTopComments(plans.db, THREAD_STORE, 1, window('hot')),
      'thread_comments_hot',
    ],
    [
      'paragraph comment replies',
      () => comments.listReplies(plans.db, THREAD_STORE, 1, window('oldest')),
      'thread_comments_replies',
    ],
  ];

  it.each(cases)('%s walks its index without sorting', async (_name, run, index) => {
    const plan = await planOf(run);
    expect(plan).toContain(`USING INDEX ${index}`);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  // A comment page previews each root's first replies: one short range of the replies index per
  // root (SQLite answers the correlated IN list per root), so a busy thread costs its preview,
  // not every reply it has.
  it('reply previews read each root from the replies index without sorting', async () => {
    const plan = await planOf(() => comments.firstReplies(plans.db, SQUARE_STORE, [1, 2, 3], 3));
    expect(plan).toContain('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).toContain('SEARCH c USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).toContain('CORRELATED LIST SUBQUERY');
    expect(plan).toContain('SEARCH x USING INDEX square_comments_replies (root_id=?)');
    expect(plan).not.toMatch(/SCAN (p|c|x)\b/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  // The comment page's total rides along in the page query: one primary-key read of the post.
  it("the comment page reads its post's counter by primary key", async () => {
    const plan = await planOf(() => comments.listTopComments(plans.db, SQUARE_STORE, 1, window('latest')));
    expect(plan).toContain('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).not.toContain('SCAN p');
  });

  // Totals without a counter stop at the cap, reading the same index as their page.
  it.each([
    ['my posts', { userId: 1 }, 'square_posts_user (user_id=?)'],
    // Either of the tag's indexes holds exactly its live posts.
    ['a keyword in one tag', { tagId: 1, keyword: 'x' }, 'square_posts_tag_'],
  ] as const)('the capped total of %s reads its index', async (_name, filter, index) => {
    const plan = await planOf(() => posts.countPostsUpTo(plans.db, filter, 10_000));
    expect(plan).toContain(`SEARCH p USING INDEX ${index}`);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('the counted total is one primary-key lookup', async () => {
    const plan = await planOf(() => posts.liveCount(plans.db, 1));
    expect(plan).toMatch(
      /SEARCH square_post_counters USING (INDEX sqlite_autoindex_square_post_counters_1|INTEGER PRIMARY KEY) \(tag_id=\?\)/,
    );
  });

  // Following fans in: each followee's posts come from their own index range and are merged,
  // so no page ever scans posts by people the reader does not follow.
  it('the follow feed reads each followee through the per-author index', async () => {
    const plan = await planOf(() => posts.listPosts(plans.db, { followerId: 1 }, window('latest')));
    expect(plan).toContain('SEARCH p USING INDEX square_posts_user (user_id=? AND created_at<?)');
    expect(plan).not.toContain('SCAN p');
  });
});
