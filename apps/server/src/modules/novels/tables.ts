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

export interface NovelTables {
  chapter_texts: ChapterTextsTable;
}
