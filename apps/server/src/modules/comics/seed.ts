import type { Deps } from '../../platform/deps.ts';
import { oldestUserIds } from '../accounts/public.ts';
import { insertCategory, insertUnits, insertWork, refreshWorkUnits } from '../content/public.ts';
import { createThreadComment } from '../square/public.ts';
import { coverWebp, episodeTitle, PANEL_WIDTH, panelExtension, panelHeights } from './panel-art.ts';
import { insertPanels } from './repository.ts';
import { CATEGORIES, DEMO_COMICS, type DemoComic } from './seed-content.ts';
import { comicScope, episodeScope } from './service.ts';

const HOUR = 3600_000;

function priceOf(comic: DemoComic, idx: number): { price: number; vip: number } {
  if (idx <= comic.free || comic.pricing === 'free') return { price: 0, vip: 0 };
  if (comic.pricing === 'priced') return { price: 8, vip: 0 };
  return { price: 5 + (idx % 2) * 5, vip: 1 };
}

/** A comic's seed: seed % 5 is its category (panel-art.categoryOfSeed). */
export const comicSeed = (category: number, k: number) => category + CATEGORIES.length * (k + 1);

/** Where a demo panel is kept in storage (drawn there when its episode is first read). */
export const panelKey = (seed: number, episodeIdx: number, panelIdx: number, height: number) =>
  `comics/v1/${seed}/e${episodeIdx}/p${panelIdx}.${panelExtension(height)}`;

/**
 * Demo comics (DESIGN §11, issue 9): 20 comics in 5 categories with covers; episodes whose panels
 * are stored as rows (size and key) and drawn lazily on first read (docs/decisions/0036-comics.md),
 * so the first start encodes only the 20 covers. 深井 (悬疑) holds the 20,480 px panel.
 */
export async function seedComics(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const covers = await Promise.all(
    DEMO_COMICS.flatMap((comics, category) =>
      comics.map(async (comic, k) => {
        const seed = comicSeed(category, k);
        return deps.storage.put(`comics/v1/${seed}/cover.webp`, await coverWebp(seed, comic.title));
      }),
    ),
  );
  let n = 0;
  const places: Array<{ workId: number; unitId: number }> = [];
  for (const [category, comics] of DEMO_COMICS.entries()) {
    const categoryId = await insertCategory(deps.db.kysely, {
      kind: 'comic',
      name: CATEGORIES[category].name,
      sort: category,
    });
    for (const [k, comic] of comics.entries()) {
      const seed = comicSeed(category, k);
      const cover = covers[n];
      n += 1;
      // Updated at different times, so 最新 and 热门 order them differently.
      const lastAt = now - ((n * 5) % 24) * HOUR - n * 2 * HOUR;
      const views = 800 + ((seed * 7919) % 60_000);
      await deps.db.kysely.transaction().execute(async (trx) => {
        const workId = await insertWork(trx, {
          kind: 'comic',
          category_id: categoryId,
          title: comic.title,
          author: comic.author,
          cover,
          tags: JSON.stringify(comic.tags),
          intro: comic.intro,
          status: comic.finished ? 1 : 0,
          latest_unit_at: lastAt,
          view_count: views,
          hot_score: views,
          created_at: lastAt - comic.episodes * 24 * HOUR,
        });
        const units = Array.from({ length: comic.episodes }, (_, i) => ({
          work_id: workId,
          idx: i + 1,
          title: episodeTitle(seed, i + 1),
          ...priceOf(comic, i + 1),
          word_count: 0,
          created_at: lastAt - (comic.episodes - i - 1) * 24 * HOUR,
        }));
        const ids = await insertUnits(trx, units);
        await insertPanels(
          trx,
          ids.flatMap((unitId, i) =>
            panelHeights(seed, i + 1, comic.tall === true).map((height, idx) => ({
              unit_id: unitId,
              idx,
              image_key: panelKey(seed, i + 1, idx, height),
              width: PANEL_WIDTH,
              height,
              seed,
            })),
          ),
        );
        await refreshWorkUnits(trx, workId);
        places.push({ workId, unitId: ids[0] });
      });
    }
  }
  await seedComments(
    deps,
    places.filter((_, i) => i % 4 === 0),
  );
}

const COMMENTS = [
  '画风好可爱，追了！',
  '这一话的节奏太棒了。',
  '结尾那一格绝了，等更新！',
  '有人和我一样看了三遍吗？',
  '配色好舒服，越看越喜欢。',
  '剧情反转得猝不及防。',
];

/** Readers' comments on the first episode and on the comic itself, so both lists show. */
async function seedComments(deps: Deps, places: Array<{ workId: number; unitId: number }>) {
  const people = await oldestUserIds(deps.db.kysely, 6);
  if (people.length === 0) return;
  let k = 0;
  const say = () => COMMENTS[k++ % COMMENTS.length];
  for (const { workId, unitId } of places) {
    for (const scope of [episodeScope(workId, unitId), comicScope(workId)]) {
      const first = await createThreadComment(
        deps,
        people[k % people.length],
        { scope, slot: 0 },
        { content: say() },
      );
      await createThreadComment(
        deps,
        people[k % people.length],
        { scope, slot: 0 },
        { content: say(), replyCommentId: first.id },
      );
    }
  }
}
