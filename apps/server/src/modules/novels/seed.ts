import type { Deps } from '../../platform/deps.ts';
import { oldestUserIds } from '../accounts/public.ts';
import { insertCategory, insertUnits, insertWork, refreshWorkUnits } from '../content/public.ts';
import { createThreadComment } from '../square/public.ts';
import { chapterTitle, composeChapter, GENRES, wordCountOf } from './prose.ts';
import { insertChapterTexts } from './repository.ts';
import { DEMO_NOVELS, type DemoNovel } from './seed-content.ts';
import { coverWebp } from './seed-covers.ts';
import { chapterScope } from './service.ts';

const HOUR = 3600_000;
/** Books at least this long keep only their seed; their chapters are composed when read. */
const COMPOSE_ON_READ_FROM = 500;

function priceOf(novel: DemoNovel, idx: number): { price: number; vip: number } {
  if (idx <= novel.free || novel.pricing === 'free') return { price: 0, vip: 0 };
  if (novel.pricing === 'priced') return { price: 12, vip: 0 };
  return { price: 10 + (idx % 3) * 5, vip: 1 };
}

/** Demo novels (DESIGN §11): 24 books in 6 categories with covers and generated chapters. */
export async function seedNovels(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const covers = await Promise.all(
    DEMO_NOVELS.flatMap((books, genre) =>
      books.map(async (_book, k) => {
        const seed = genre + GENRES.length * (k + 1);
        return deps.storage.put(`novels/${seed}/cover.webp`, await coverWebp(seed, genre));
      }),
    ),
  );
  let n = 0;
  const openers: Array<{ workId: number; unitId: number }> = [];
  for (const [genre, books] of DEMO_NOVELS.entries()) {
    const categoryId = await insertCategory(deps.db.kysely, {
      kind: 'novel',
      name: GENRES[genre].name,
      sort: genre,
    });
    for (const [k, book] of books.entries()) {
      // seed % 6 is the genre (prose.genreOf), so a book's text always matches its category.
      const seed = genre + GENRES.length * (k + 1);
      const cover = covers[n];
      n += 1;
      // Books updated at different times, so 最新 and 热门 order them differently.
      const lastAt = now - ((n * 7) % 24) * HOUR - n * 3 * HOUR;
      const views = 500 + ((seed * 7919) % 50_000);
      await deps.db.kysely.transaction().execute(async (trx) => {
        const workId = await insertWork(trx, {
          kind: 'novel',
          category_id: categoryId,
          title: book.title,
          author: book.author,
          cover,
          tags: JSON.stringify(book.tags),
          intro: book.intro,
          status: book.finished ? 1 : 0,
          latest_unit_at: lastAt,
          view_count: views,
          hot_score: views,
          created_at: lastAt - book.chapters * 6 * HOUR,
        });
        const compose = book.chapters < COMPOSE_ON_READ_FROM;
        const texts: string[][] = [];
        const units = Array.from({ length: book.chapters }, (_, i) => {
          const idx = i + 1;
          // A long book's word count is estimated from a sample of its chapters: composing all
          // 3,000 at first start would cost more than a second for one number.
          const paragraphs = compose || idx <= 10 ? composeChapter(seed, idx) : null;
          if (compose && paragraphs) texts.push(paragraphs);
          return {
            work_id: workId,
            idx,
            title: chapterTitle(seed, idx),
            ...priceOf(book, idx),
            word_count: paragraphs ? wordCountOf(paragraphs) : 0,
            created_at: lastAt - (book.chapters - idx) * 6 * HOUR,
          };
        });
        if (!compose) {
          const sample = units.slice(0, 10);
          const average = Math.round(sample.reduce((s, u) => s + u.word_count, 0) / sample.length);
          for (const unit of units.slice(10)) unit.word_count = average;
        }
        const ids = await insertUnits(trx, units);
        await insertChapterTexts(
          trx,
          ids.map((unitId, i) =>
            compose
              ? { unit_id: unitId, paragraphs: JSON.stringify(texts[i]), seed: null }
              : { unit_id: unitId, paragraphs: null, seed },
          ),
        );
        await refreshWorkUnits(trx, workId);
        openers.push({ workId, unitId: ids[0] });
      });
    }
  }
  await seedParagraphComments(deps, openers.slice(0, 6));
}

/** Readers' 段评 on the opening paragraphs of the first chapters, so the count bubbles show. */
const PARAGRAPH_COMMENTS = [
  '开篇就抓住我了，这氛围感绝了。',
  '这一段的描写好细腻，画面感很强。',
  '伏笔！这里肯定有伏笔。',
  '主角这句话说得太帅了。',
  '读到这里忍不住笑出声。',
  '作者的文笔真不错，期待后面的发展。',
];

async function seedParagraphComments(deps: Deps, chapters: Array<{ workId: number; unitId: number }>) {
  const people = await oldestUserIds(deps.db.kysely, 6);
  if (people.length === 0) return;
  let k = 0;
  for (const { workId, unitId } of chapters) {
    const scope = chapterScope(workId, unitId);
    for (const slot of [0, 2]) {
      const first = await createThreadComment(
        deps,
        people[k % people.length],
        { scope, slot },
        {
          content: PARAGRAPH_COMMENTS[k % PARAGRAPH_COMMENTS.length],
        },
      );
      k += 1;
      await createThreadComment(
        deps,
        people[k % people.length],
        { scope, slot },
        {
          content: PARAGRAPH_COMMENTS[k % PARAGRAPH_COMMENTS.length],
          replyCommentId: first.id,
        },
      );
      k += 1;
    }
  }
}
