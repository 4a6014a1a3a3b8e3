import fs from 'node:fs';
import path from 'node:path';
import {
  coverWebp,
  episodeTitle,
  PANEL_WIDTH,
  panelHeights,
} from '@ld/server/src/modules/comics/panel-art.ts';
import { panelKey } from '@ld/server/src/modules/comics/seed.ts';
import { CATEGORIES } from '@ld/server/src/modules/comics/seed-content.ts';
import type SQLite from 'better-sqlite3';
import { type BenchDb, ensureBenchDb, inChunks } from './bench-db.ts';
import { SQUARE_END } from './square-plan.ts';

/**
 * The comics' benchmark database (issue 9: "scrolling the cover grid of 5,000 comics"): at scale 1,
 * 5,000 comics in the 5 demo categories, 30 episodes each (the first 5 free, then VIP or priced),
 * every episode with its 5–7 generated panel rows (drawn into the data dir's storage when an
 * episode is first read, as the demo's are), and 20 distinct covers in storage shared round-robin.
 * Works, units and panels are written with the ids the scenarios compute. The comics-web bench
 * starts a portal on `dataDir` (SEED=0) to scroll the grid.
 */
export const EPISODES_PER_COMIC = 30;
export const FREE_EPISODES = 5;
const COVERS = 20;

export interface ComicSize {
  comics: number;
  episodes: number;
  panels: number;
}

export type ComicDb = BenchDb<{ size: ComicSize }>;

export const comicSizeOf = (scale: number) => Math.max(20, Math.round(5_000 * scale));

/** Unit ids are laid out comic by comic: comic c (1-based), episode idx (1-based). */
export const episodeIdOf = (comic: number, idx: number) => (comic - 1) * EPISODES_PER_COMIC + idx;

/** A comic's seed: seed % 5 is its category, as in the demo (panel-art.categoryOfSeed). */
const seedOf = (comic: number) => comic * CATEGORIES.length + (comic % CATEGORIES.length);
const coverKey = (comic: number) => `comics/bench/cover-${comic % COVERS}.webp`;
const HOUR = 3_600_000;

/** The benchmark comics database (made once per scale and reused), with its covers in storage. */
export async function ensureComicDb(scale: number): Promise<ComicDb> {
  const db = await ensureBenchDb({
    name: 'comics',
    generator: 'comics-v1',
    scale,
    bulkTables: ['works', 'units', 'comic_panels'],
    fill(sqlite, step) {
      const comics = comicSizeOf(scale);
      insertComics(sqlite, comics);
      step(`${comics} comics`);
      const panels = insertEpisodes(sqlite, comics);
      step(`${comics * EPISODES_PER_COMIC} episodes, ${panels} panels`);
      return { size: { comics, episodes: comics * EPISODES_PER_COMIC, panels } };
    },
  });
  const uploads = path.join(db.dataDir, 'uploads');
  for (let i = 0; i < COVERS; i++) {
    const file = path.join(uploads, coverKey(i));
    if (fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await coverWebp(seedOf(i + 1)));
  }
  return db;
}

function insertComics(sqlite: SQLite.Database, comics: number) {
  const category = sqlite.prepare('insert into work_categories (id, kind, name, sort) values (?, ?, ?, ?)');
  for (const [i, c] of CATEGORIES.entries()) category.run(i + 1, 'comic', c.name, i);
  const work = sqlite.prepare(
    `insert into works (id, kind, category_id, title, author, cover, tags, intro, status, unit_count, word_count,
       latest_unit_id, latest_unit_title, latest_unit_at, view_count, hot_score, created_at)
     values (?, 'comic', ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, comics, (i) => {
    const comic = i + 1;
    const latestAt = SQUARE_END - (comic % 720) * HOUR;
    const views = (Math.imul(comic, 2654435761) >>> 0) % 1_000_000;
    work.run(
      comic,
      (comic % CATEGORIES.length) + 1,
      `漫画${comic}号`,
      `画师${comic % 997}`,
      `/uploads/${coverKey(comic)}`,
      '[]',
      '基准测试用漫画。',
      comic % 3 === 0 ? 1 : 0,
      EPISODES_PER_COMIC,
      episodeIdOf(comic, EPISODES_PER_COMIC),
      episodeTitle(seedOf(comic), EPISODES_PER_COMIC),
      latestAt,
      views,
      views,
      latestAt - EPISODES_PER_COMIC * 24 * HOUR,
    );
  });
}

function insertEpisodes(sqlite: SQLite.Database, comics: number): number {
  const unit = sqlite.prepare(
    'insert into units (id, work_id, idx, title, price, vip, word_count, created_at) values (?, ?, ?, ?, ?, ?, 0, ?)',
  );
  const panel = sqlite.prepare(
    'insert into comic_panels (unit_id, idx, image_key, width, height, seed) values (?, ?, ?, ?, ?, ?)',
  );
  let panels = 0;
  inChunks(sqlite, comics * EPISODES_PER_COMIC, (i) => {
    const comic = Math.floor(i / EPISODES_PER_COMIC) + 1;
    const idx = (i % EPISODES_PER_COMIC) + 1;
    const seed = seedOf(comic);
    const free = idx <= FREE_EPISODES;
    const at = SQUARE_END - (comic % 720) * HOUR - (EPISODES_PER_COMIC - idx) * 24 * HOUR;
    unit.run(
      i + 1,
      comic,
      idx,
      episodeTitle(seed, idx),
      free ? 0 : 5 + (idx % 2) * 5,
      free ? 0 : idx % 2,
      at,
    );
    for (const [p, height] of panelHeights(seed, idx, false).entries()) {
      panel.run(i + 1, p, panelKey(seed, idx, p, height), PANEL_WIDTH, height, seed);
      panels += 1;
    }
  });
  return panels;
}
