import {
  insertCategory,
  insertUnits,
  insertWork,
  refreshWorkUnits,
} from '../../src/modules/content/public.ts';
import { insertChapterTexts } from '../../src/modules/novels/repository.ts';
import type { TestApp } from './app.ts';

// Fixtures for the content tests: novels built through the content module's public inserts.

let categories = 0;
export async function createCategory(t: TestApp, name?: string): Promise<number> {
  categories += 1;
  return insertCategory(t.deps.db.kysely, {
    kind: 'novel',
    name: name ?? `分类${categories}`,
    sort: categories,
  });
}

export interface NovelFixture {
  workId: number;
  categoryId: number;
  unitIds: number[];
}

/**
 * A novel of `chapters` chapters: the first `free` free, the rest VIP (`vip`) or not, at `price`
 * (a function of the index, or one price). Texts are stored for short books, seeds for long ones.
 */
export async function createNovel(
  t: TestApp,
  opts: {
    chapters: number;
    free?: number;
    price?: number | ((idx: number) => number);
    vip?: boolean;
    categoryId?: number;
    title?: string;
    author?: string;
    finished?: boolean;
    hot?: number;
    latestAt?: number;
  },
): Promise<NovelFixture> {
  const db = t.deps.db.kysely;
  const now = t.clock.now();
  const categoryId = opts.categoryId ?? (await createCategory(t));
  const workId = await insertWork(db, {
    kind: 'novel',
    category_id: categoryId,
    title: opts.title ?? '测试小说',
    author: opts.author ?? '测试作者',
    cover: '/uploads/novels/test/cover.webp',
    tags: JSON.stringify(['测试']),
    intro: '一本测试用的小说。',
    status: opts.finished ? 1 : 0,
    latest_unit_at: opts.latestAt ?? now,
    view_count: opts.hot ?? 0,
    hot_score: opts.hot ?? 0,
    created_at: now,
  });
  const unitIds = await addChapters(t, workId, 1, opts.chapters, opts);
  return { workId, categoryId, unitIds };
}

/** Appends chapters `from`..`from + count - 1` (new chapters of a running book). */
export async function addChapters(
  t: TestApp,
  workId: number,
  from: number,
  count: number,
  opts: { free?: number; price?: number | ((idx: number) => number); vip?: boolean; latestAt?: number } = {},
): Promise<number[]> {
  const db = t.deps.db.kysely;
  const free = opts.free ?? 3;
  const priceOf =
    typeof opts.price === 'function' ? opts.price : () => (opts.price as number | undefined) ?? 10;
  const at = opts.latestAt ?? t.clock.now();
  const ids = await insertUnits(
    db,
    Array.from({ length: count }, (_, i) => {
      const idx = from + i;
      const paid = idx > free;
      return {
        work_id: workId,
        idx,
        title: `第${idx}章 测试`,
        price: paid ? priceOf(idx) : 0,
        vip: paid && opts.vip !== false ? 1 : 0,
        word_count: 100,
        created_at: at - (count - i),
      };
    }),
  );
  await insertChapterTexts(
    db,
    ids.map((unitId, i) =>
      count > 100
        ? { unit_id: unitId, paragraphs: null, seed: 7 }
        : {
            unit_id: unitId,
            paragraphs: JSON.stringify([`第${from + i}章的第一段。`, '「你好。」他说。']),
            seed: null,
          },
    ),
  );
  await refreshWorkUnits(db, workId);
  return ids;
}
