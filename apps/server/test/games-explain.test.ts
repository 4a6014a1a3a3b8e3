import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as games from '../src/modules/games/repository.ts';
import { openQueryPlans, type QueryPlans } from './helpers/query-plan.ts';

/**
 * The portal's game list (published games) pages in `sort desc, id` order, by type or not: an index in that order serves
 * the page directly, where a mismatched one leaves SQLite sorting every game for each page.
 */
describe('game list query plans on sqlite', () => {
  let plans: QueryPlans;
  beforeAll(async () => {
    plans = await openQueryPlans();
  });
  afterAll(() => plans.close());
  const planOf = (run: () => Promise<unknown>) => plans.planOf(run);

  it.each([
    ['every game', {}, 'games_list'],
    ['one type', { typeId: 1 }, 'games_type_list (published=? AND type_id=?)'],
  ] as const)('the list of %s reads its index in order, without sorting', async (_name, filter, index) => {
    const plan = await planOf(() =>
      games.listGames(plans.db, filter, { limit: 11, offset: 20, after: null }),
    );
    expect(plan).toContain(`USING INDEX ${index}`);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('a page after a cursor seeks the index to it, without sorting', async () => {
    const plan = await planOf(() =>
      games.listGames(plans.db, {}, { limit: 11, offset: 0, after: { value: 5, id: 40 } }),
    );
    expect(plan).toContain('USING INDEX games_list (published=? AND sort<?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
