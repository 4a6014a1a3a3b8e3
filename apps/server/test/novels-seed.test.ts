import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNovels } from '../src/modules/novels/seed.ts';
import { call, createTestApp, DIALECTS, type TestApp } from './helpers/app.ts';

// The demo novels (DESIGN §11, issue 8 §2): 24 books in 6 categories with covers, prose that reads
// like prose, free first chapters and paid later ones, and a book of 3,000 chapters, seeded fast.

describe.each(DIALECTS)('the demo novels on %s', (dialect) => {
  let t: TestApp;
  let seedMs = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const started = Date.now();
    await seedNovels(t.deps);
    seedMs = Date.now() - started;
  }, 60_000);
  afterAll(() => t.close());

  const all = async () =>
    (await call(t.app, 'GET', '/api/v1/novel/list', { query: { pageSize: 100 } })).data.records as Array<{
      id: number;
      title: string;
      cover: string;
      unitCount: number;
      category: { id: number };
    }>;

  it('seeds quickly', () => {
    // Measured about 3 s on the shared 2-core machine; the bound leaves room for a busy one.
    expect(seedMs).toBeLessThan(15_000);
  });

  it('has 24 books, 4 in each of 6 categories, one of 3,000 chapters', async () => {
    const categories = (await call(t.app, 'GET', '/api/v1/novel/categories')).data;
    expect(categories.map((c: { name: string }) => c.name)).toEqual([
      '玄幻',
      '都市',
      '仙侠',
      '科幻',
      '历史',
      '悬疑',
    ]);
    const books = await all();
    expect(books).toHaveLength(24);
    for (const c of categories) expect(books.filter((b) => b.category.id === c.id)).toHaveLength(4);
    expect(books.filter((b) => b.unitCount === 3000)).toHaveLength(1);
    expect(new Set(books.map((b) => b.title)).size).toBe(24);
  });

  it('gives every book a distinct WebP cover in storage', async () => {
    const books = await all();
    const sizes = new Set<number>();
    for (const book of books) {
      const file = path.join(
        path.join(t.deps.config.dataDir, 'uploads'),
        book.cover.replace(/^\/uploads\//, ''),
      );
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 300, height: 400 });
      sizes.add(fs.statSync(file).size);
    }
    expect(sizes.size).toBeGreaterThan(20);
  });

  it('opens with free chapters and charges later ones (VIP or priced)', async () => {
    const books = await all();
    let paid = 0;
    for (const book of books) {
      const menu = await call(t.app, 'GET', `/api/v1/novel/${book.id}/chapters`, {
        query: { pageSize: 500 },
      });
      const records = menu.data.records as Array<{ price: number; vip: boolean }>;
      expect(records[0]).toMatchObject({ price: 0, vip: false });
      if (records.some((r) => r.price > 0)) paid += 1;
    }
    expect(paid).toBeGreaterThanOrEqual(16);
  });

  it('writes prose: paragraphs of varied length, dialogue, little repetition; the long book composes its chapters on read', async () => {
    const books = await all();
    const long = books.find((b) => b.unitCount === 3000)!;
    for (const book of [books.find((b) => b.unitCount < 3000)!, long]) {
      const menu = await call(t.app, 'GET', `/api/v1/novel/${book.id}/chapters`, { query: { pageSize: 3 } });
      const first = await call(t.app, 'GET', `/api/v1/novel/${book.id}/chapter/${menu.data.records[0].id}`);
      const second = await call(t.app, 'GET', `/api/v1/novel/${book.id}/chapter/${menu.data.records[1].id}`);
      const paragraphs = first.data.paragraphs as string[];
      expect(paragraphs.length).toBeGreaterThanOrEqual(14);
      const lengths = paragraphs.map((p) => [...p].length);
      expect(Math.max(...lengths)).toBeGreaterThan(2 * Math.min(...lengths));
      expect(paragraphs.some((p) => /[「“]/.test(p))).toBe(true);
      expect(new Set(paragraphs).size).toBeGreaterThan(paragraphs.length * 0.8);
      expect(second.data.paragraphs).not.toEqual(paragraphs);
    }
    const stored = await t.deps.db.kysely
      .selectFrom('chapter_texts')
      .innerJoin('units', 'units.id', 'chapter_texts.unit_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('units.work_id', '=', long.id)
      .where('chapter_texts.paragraphs', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(3000);
  });
});
