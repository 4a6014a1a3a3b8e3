import type { Generated } from 'kysely';

/**
 * One panel of an episode's strip (docs/decisions/0036-comics.md). `image_key` is the storage key
 * served under `/uploads/`; `width` × `height` its pixels. A generated demo panel has a `seed` and
 * is drawn into storage when its episode is first read.
 */
export interface ComicPanelsTable {
  unit_id: number;
  idx: number;
  image_key: string;
  width: number;
  height: number;
  seed: Generated<number | null>;
}

export interface ComicTables {
  comic_panels: ComicPanelsTable;
}
