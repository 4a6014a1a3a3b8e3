import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as comics from '../src/modules/comics/repository.ts';
import * as content from '../src/modules/content/repository.ts';
import * as novels from '../src/modules/novels/repository.ts';
import { openQueryPlans, type QueryPlans } from './helpers/query-plan.ts';

/**
 * Every content list reads an index in its own order (DESIGN §5, §13): at 10,000 works and
 * 5,000,000 units a page must not sort or scan. Scans of `works` filtered by keyword are the one
 * exception, and they still read the list's index in order.
 */
describe('content query plans on sqlite', () => {
  let plans: QueryPlans;
  beforeAll(async () => {
    plans = await openQueryPlans();
  });
  afterAll(() => plans.close());
  const planOf = (run: () => Promise<unknown>) => plans.planOf(run);
  const window = { limit: 21, offset: 0, after: null };
  const after = { limit: 21, offset: 0, after: { value: 100, id: 50 } };

  it.each([
    ['hot', { sort: 1 }, window, 'works_kind_hot (kind=?)'],
    ['latest', { sort: 2 }, window, 'works_kind_latest (kind=?)'],
    ['finished', { sort: 3 }, window, 'works_kind_finished (kind=? AND status=?)'],
    ['hot after a cursor', { sort: 1 }, after, 'works_kind_hot (kind=? AND hot_score<?)'],
    ['hot of a category', { sort: 1, categoryId: 1 }, window, 'works_category_hot (category_id=?)'],
    ['latest of a category', { sort: 2, categoryId: 1 }, window, 'works_category_latest (category_id=?)'],
    [
      'finished of a category',
      { sort: 3, categoryId: 1 },
      window,
      'works_category_finished (category_id=? AND status=?)',
    ],
    ['a keyword search', { sort: 1, keyword: '剑' }, window, 'works_kind_hot (kind=?)'],
  ] as const)('the %s list reads its index in order, without sorting', async (_name, filter, w, index) => {
    const plan = await planOf(() => content.listWorks(plans.db, 'novel', filter, w));
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it.each([
    ['a kind', { sort: 1 }, 'kind=? AND published=?)'],
    ['a category', { sort: 2, categoryId: 1 }, 'kind=? AND published=? AND category_id=?)'],
    ['the finished', { sort: 3 }, 'kind=? AND published=?)'],
    [
      'the finished of a category',
      { sort: 3, categoryId: 1 },
      'kind=? AND published=? AND category_id=? AND status=?)',
    ],
  ] as const)(
    "the total of %s's list is counted from one index, reading no row",
    async (_name, filter, range) => {
      const plan = await planOf(() => content.countWorks(plans.db, 'novel', filter));
      expect(plan).toContain(`USING COVERING INDEX works_kind_published (${range}`);
      expect(plan.split('\n')).toHaveLength(1);
    },
  );

  it.each([
    ['asc', null],
    ['asc', 1500],
    ['desc', null],
    ['desc', 1500],
  ] as const)('a menu page (%s, after %s) reads units by (work_id, idx)', async (order, afterIdx) => {
    const plan = await planOf(() => content.listUnits(plans.db, 1, order, afterIdx, 501));
    expect(plan).toMatch(/USING INDEX sqlite_autoindex_units_\d+ \(work_id=\?( AND idx[<>]\?)?\)/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it.each(['prev', 'next'] as const)('the %s chapter is one index step', async (direction) => {
    const plan = await planOf(() => content.neighbourUnit(plans.db, 1, 10, direction));
    expect(plan).toMatch(/sqlite_autoindex_units_\d+ \(work_id=\? AND idx[<>]\?\)/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('a chapter is found by its primary key, its text by the unit id', async () => {
    expect(await planOf(() => content.findUnit(plans.db, 1, 7))).toContain('USING INTEGER PRIMARY KEY');
    expect(await planOf(() => novels.findChapterText(plans.db, 7))).toMatch(
      /USING INDEX sqlite_autoindex_chapter_texts_\d+ \(unit_id=\?\)/,
    );
  });

  it('an episode’s panels are one range of the panels’ primary key, in order, without sorting', async () => {
    const plan = await planOf(() => comics.listPanels(plans.db, 7));
    expect(plan).toMatch(/USING INDEX sqlite_autoindex_comic_panels_\d+ \(unit_id=\?\)/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it.each([
    ['all kinds', undefined, 'progress_history (user_id=? AND in_history=? AND (read_at,work_id)<(?,?))'],
    [
      'one kind',
      'novel',
      'progress_history_kind (user_id=? AND kind=? AND in_history=? AND (read_at,work_id)<(?,?))',
    ],
  ] as const)('history of %s reads its index in order', async (_name, kind, index) => {
    const plan = await planOf(() => content.listHistory(plans.db, 1, kind, { value: 5, id: 3 }, 21));
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it.each([
    ['all kinds', undefined, 'subscriptions_user (user_id=?'],
    ['one kind', 'novel', 'subscriptions_user_kind (user_id=? AND kind=?'],
  ] as const)('subscriptions of %s read their index in order', async (_name, kind, index) => {
    const plan = await planOf(() => content.listSubscriptions(plans.db, 1, kind, null, 21));
    expect(plan).toContain(index);
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
