import { chapterTitle, GENRES } from '@ld/server/src/modules/novels/prose.ts';
import type SQLite from 'better-sqlite3';
import { type BenchDb, ensureBenchDb, inChunks } from './bench-db.ts';
import { SQUARE_END } from './square-plan.ts';

/**
 * The novels' benchmark database (issue 8: "fast at 10,000 books and 5,000,000 chapters"): at
 * scale 1, 10 000 books of 500 chapters in 6 categories, every chapter with its text seed (composed
 * when read, as the demo's long book is), the first 20 chapters of each book free and the rest VIP
 * or priced. Works, units and chapter_texts are written with the ids the scenarios compute.
 */
export const CHAPTERS_PER_BOOK = 500;
export const FREE_CHAPTERS = 20;

export interface NovelSize {
  books: number;
  chapters: number;
}

export type NovelDb = BenchDb<{ size: NovelSize }>;

export const sizeOf = (scale: number): NovelSize => {
  const books = Math.max(20, Math.round(10_000 * scale));
  return { books, chapters: books * CHAPTERS_PER_BOOK };
};

/** Unit ids are laid out book by book: book b (1-based), chapter idx (1-based). */
export const unitIdOf = (book: number, idx: number) => (book - 1) * CHAPTERS_PER_BOOK + idx;

const HOUR = 3_600_000;

export function ensureNovelDb(scale: number): Promise<NovelDb> {
  return ensureBenchDb({
    name: 'novels',
    generator: 'novels-v1',
    scale,
    bulkTables: ['works', 'units'],
    fill(sqlite, step) {
      const size = sizeOf(scale);
      insertBooks(sqlite, size);
      step(`${size.books} books`);
      insertChapters(sqlite, size);
      step(`${size.chapters} chapters`);
      return { size };
    },
  });
}

function insertBooks(sqlite: SQLite.Database, size: NovelSize) {
  const category = sqlite.prepare('insert into work_categories (id, kind, name, sort) values (?, ?, ?, ?)');
  for (const [i, genre] of GENRES.entries()) category.run(i + 1, 'novel', genre.name, i);
  const work = sqlite.prepare(
    `insert into works (id, kind, category_id, title, author, cover, tags, intro, status, unit_count, word_count,
       latest_unit_id, latest_unit_title, latest_unit_at, view_count, hot_score, created_at)
     values (?, 'novel', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, size.books, (i) => {
    const book = i + 1;
    // seed % 6 is the genre (prose.genreOf), so the text matches the category, as in the demo.
    const seed = book * GENRES.length + (book % GENRES.length);
    const latestAt = SQUARE_END - (book % 720) * HOUR;
    const views = (Math.imul(book, 2654435761) >>> 0) % 1_000_000;
    work.run(
      book,
      (book % GENRES.length) + 1,
      `书${book}号`,
      `作者${book % 997}`,
      '/uploads/novels/bench/cover.webp',
      '[]',
      '基准测试用书。',
      book % 3 === 0 ? 1 : 0,
      CHAPTERS_PER_BOOK,
      CHAPTERS_PER_BOOK * 2_400,
      unitIdOf(book, CHAPTERS_PER_BOOK),
      chapterTitle(seed, CHAPTERS_PER_BOOK),
      latestAt,
      views,
      views,
      latestAt - CHAPTERS_PER_BOOK * 6 * HOUR,
    );
  });
}

function insertChapters(sqlite: SQLite.Database, size: NovelSize) {
  const unit = sqlite.prepare(
    'insert into units (id, work_id, idx, title, price, vip, word_count, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const text = sqlite.prepare('insert into chapter_texts (unit_id, paragraphs, seed) values (?, null, ?)');
  inChunks(sqlite, size.chapters, (i) => {
    const book = Math.floor(i / CHAPTERS_PER_BOOK) + 1;
    const idx = (i % CHAPTERS_PER_BOOK) + 1;
    const seed = book * GENRES.length + (book % GENRES.length);
    const free = idx <= FREE_CHAPTERS;
    const at = SQUARE_END - (book % 720) * HOUR - (CHAPTERS_PER_BOOK - idx) * 6 * HOUR;
    unit.run(
      i + 1,
      book,
      idx,
      chapterTitle(seed, idx),
      free ? 0 : 10 + (idx % 3) * 5,
      free ? 0 : idx % 2,
      2_400,
      at,
    );
    text.run(i + 1, seed);
  });
}
