import { insertPanels } from '../../src/modules/comics/repository.ts';
import {
  insertCategory,
  insertUnits,
  insertWork,
  refreshWorkUnits,
} from '../../src/modules/content/public.ts';
import type { TestApp } from './app.ts';

// Fixtures for the comic tests: comics built through the content module's public inserts, with
// panel rows (stored keys and sizes) through the comics repository.

let categories = 0;
export async function createComicCategory(t: TestApp, name?: string): Promise<number> {
  categories += 1;
  return insertCategory(t.deps.db.kysely, {
    kind: 'comic',
    name: name ?? `漫画分类${categories}`,
    sort: categories,
  });
}

export interface ComicFixture {
  workId: number;
  categoryId: number;
  unitIds: number[];
}

/** Panel heights of every test episode: three panels, the second tall. */
export const TEST_PANEL_HEIGHTS = [800, 2400, 600];

/**
 * A comic of `episodes` episodes: the first `free` free, the rest VIP (`vip`, default) or not, at
 * `price`; each with three panels of 720 px width and TEST_PANEL_HEIGHTS.
 */
export async function createComic(
  t: TestApp,
  opts: {
    episodes: number;
    free?: number;
    price?: number;
    vip?: boolean;
    categoryId?: number;
    title?: string;
    hot?: number;
  },
): Promise<ComicFixture> {
  const db = t.deps.db.kysely;
  const now = t.clock.now();
  const categoryId = opts.categoryId ?? (await createComicCategory(t));
  const workId = await insertWork(db, {
    kind: 'comic',
    category_id: categoryId,
    title: opts.title ?? '测试漫画',
    author: '测试画师',
    cover: '/uploads/comics/test/cover.webp',
    tags: JSON.stringify(['测试']),
    intro: '一部测试用的漫画。',
    status: 0,
    latest_unit_at: now,
    view_count: opts.hot ?? 0,
    hot_score: opts.hot ?? 0,
    created_at: now,
  });
  const free = opts.free ?? 1;
  const unitIds = await insertUnits(
    db,
    Array.from({ length: opts.episodes }, (_, i) => {
      const idx = i + 1;
      const paid = idx > free;
      return {
        work_id: workId,
        idx,
        title: `第${idx}话 测试`,
        price: paid ? (opts.price ?? 10) : 0,
        vip: paid && opts.vip !== false ? 1 : 0,
        word_count: 0,
        created_at: now - (opts.episodes - i),
      };
    }),
  );
  await insertPanels(
    db,
    unitIds.flatMap((unitId, i) =>
      TEST_PANEL_HEIGHTS.map((height, idx) => ({
        unit_id: unitId,
        idx,
        image_key: `comics/test/${workId}/e${i + 1}/p${idx}.webp`,
        width: 720,
        height,
      })),
    ),
  );
  await refreshWorkUnits(db, workId);
  return { workId, categoryId, unitIds };
}
