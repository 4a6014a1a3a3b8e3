import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 敏感词 in the console: the list the square's posts and comments are checked against.

export const adminSensitiveWordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  createTime: z.string(),
});
export type AdminSensitiveWord = z.infer<typeof adminSensitiveWordSchema>;
export const adminSensitiveWordPageSchema = adminPageOf(adminSensitiveWordSchema);

export const adminSensitiveWordListQuery = adminListQuery(['id', 'word'], 'id').extend({
  word: blankAsAbsent(z.string().trim().max(64, 'word 最多 64 个字符')),
});
export type AdminSensitiveWordListQuery = z.infer<typeof adminSensitiveWordListQuery>;

export const SENSITIVE_WORD_MAX = 64;
/** Lines one import takes (a pasted list or a TXT/CSV file). */
export const SENSITIVE_IMPORT_MAX_LINES = 20_000;
/** A TXT/CSV file of words, at most this large. */
export const SENSITIVE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const addSensitiveWordBody = z.object({
  word: z
    .string({ error: '请填写敏感词' })
    .trim()
    .min(1, '请填写敏感词')
    .max(SENSITIVE_WORD_MAX, `敏感词最多 ${SENSITIVE_WORD_MAX} 个字`),
});
export type AddSensitiveWordBody = z.infer<typeof addSensitiveWordBody>;

/** Pasted lines: one word a line (a CSV's first column is taken). */
export const importSensitiveWordsBody = z.object({
  text: z
    .string({ error: '请粘贴要导入的敏感词，每行一个' })
    .max(SENSITIVE_IMPORT_MAX_BYTES, '一次最多导入 2MB 文字')
    .refine((t) => t.trim().length > 0, '请粘贴要导入的敏感词，每行一个'),
});

/** What an import did: words added, and lines not added with why. */
export const sensitiveImportResultSchema = z.object({
  added: z.number().int(),
  /** Already listed, or repeated within the import (compared as the filter compares: case and full-width folded). */
  duplicates: z.number().int(),
  /** Too long, or nothing but spaces and punctuation. */
  invalid: z.number().int(),
  /** The first invalid lines (number and text), to correct them. */
  invalidLines: z.array(z.object({ line: z.number().int(), text: z.string() })),
});
export type SensitiveImportResult = z.infer<typeof sensitiveImportResultSchema>;
