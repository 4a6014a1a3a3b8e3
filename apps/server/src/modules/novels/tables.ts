import type { Generated } from 'kysely';

/**
 * A chapter's text. `paragraphs` is a JSON array of strings; a generated demo chapter may store
 * only its `seed` and have its text composed when read (docs/decisions/0027-novels.md).
 */
export interface ChapterTextsTable {
  unit_id: number;
  paragraphs: string | null;
  seed: Generated<number | null>;
}

/**
 * A TXT upload staged for its save (docs/decisions/0059): `id` is the import id, `storage_key` the
 * file. Saving removes both; one no editor touched for a day is swept (novels/jobs.ts).
 */
export interface NovelImportsTable {
  id: string;
  work_id: number;
  storage_key: string;
  created_at: number;
  /** The upload, the last line read for a split, or the start of its save. */
  touched_at: number;
}

export interface NovelTables {
  chapter_texts: ChapterTextsTable;
  novel_imports: NovelImportsTable;
}
