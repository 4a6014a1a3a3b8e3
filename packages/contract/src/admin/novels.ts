import { z } from 'zod';
import { MAX_UNIT_TITLE } from './works.ts';

// The TXT import of a novel (docs/decisions/0059-novels-and-comics-console.md): an upload answers
// a proposed split; the editor corrects it and saves the chapters as line ranges of that file.

/** Biggest TXT taken: about ten million Chinese characters in GBK. */
export const MAX_TXT_BYTES = 20 * 1024 * 1024;
/** Most chapters one import saves. */
export const MAX_IMPORT_CHAPTERS = 5000;

/** A chapter of the proposed split: its title and the body lines [from, to) of the file. */
export const txtChapterSchema = z.object({
  title: z.string(),
  /** The 第…卷 it falls under, if any. */
  volume: z.string().nullable(),
  /** The number of its heading (第十二章 → 12), when it has one. */
  number: z.number().int().nullable(),
  from: z.number().int(),
  to: z.number().int(),
  chars: z.number().int(),
  /** The start of its first paragraph. */
  excerpt: z.string(),
});
export type TxtChapter = z.infer<typeof txtChapterSchema>;

export const txtPreviewSchema = z.object({
  /** Names the uploaded file for the lines and save calls. */
  importId: z.string(),
  fileName: z.string(),
  encoding: z.enum(['utf-8', 'gbk']),
  bytes: z.number().int(),
  /** Non-blank lines of the file (headings included): the numbering of `from`/`to`. */
  lineCount: z.number().int(),
  chapters: z.array(txtChapterSchema),
  /** Gaps and repeats in the numbering, chapters without text, suspiciously long ones. */
  warnings: z.array(z.string()),
});
export type TxtPreview = z.infer<typeof txtPreviewSchema>;

export const importParams = z.object({
  id: z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数'),
  importId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'importId 格式不正确'),
});

export const importLinesQuery = z.object({
  from: z.coerce
    .number({ error: 'from 须为 0 或正整数' })
    .int('from 须为 0 或正整数')
    .min(0, 'from 须为 0 或正整数')
    .default(0),
  count: z.coerce
    .number({ error: 'count 须为正整数' })
    .int('count 须为正整数')
    .positive('count 须为正整数')
    .max(500, 'count 最多 500')
    .default(200),
});
export const importLinesSchema = z.object({ from: z.number().int(), lines: z.array(z.string()) });
export type ImportLines = z.infer<typeof importLinesSchema>;

const chapterPlan = z.object({
  title: z
    .string({ error: '请填写章节标题' })
    .trim()
    .min(1, '章节标题不能为空')
    // The units.title column: a longer title failed the save on PostgreSQL.
    .max(MAX_UNIT_TITLE, `章节标题最多 ${MAX_UNIT_TITLE} 字`),
  from: z.number({ error: 'from 须为行号' }).int('from 须为行号').min(0, 'from 须为行号'),
  to: z.number({ error: 'to 须为行号' }).int('to 须为行号').min(1, 'to 须为行号'),
});

/**
 * The chapters to save, in reading order, as the editor corrected them: ranges of the file's lines
 * that do not overlap (a dropped chapter is a gap; a merge one wider range; a split two).
 */
export const saveImportBody = z.object({
  chapters: z
    .array(chapterPlan, { error: 'chapters 须为章节列表' })
    .min(1, '至少保留一章')
    .max(MAX_IMPORT_CHAPTERS, `一次最多保存 ${MAX_IMPORT_CHAPTERS} 章`)
    .superRefine((list, ctx) => {
      for (const [i, c] of list.entries()) {
        if (c.to <= c.from) {
          ctx.addIssue({ code: 'custom', message: `第 ${i + 1} 章「${c.title}」没有正文`, path: [i, 'to'] });
          return;
        }
        if (i > 0 && c.from < list[i - 1].to) {
          ctx.addIssue({
            code: 'custom',
            message: `第 ${i + 1} 章「${c.title}」与上一章重叠或顺序颠倒`,
            path: [i, 'from'],
          });
          return;
        }
      }
    }),
});
export type SaveImportBody = z.infer<typeof saveImportBody>;

export const saveImportAnswer = z.object({
  added: z.number().int(),
  unitCount: z.number().int(),
  wordCount: z.number().int(),
});
export type SaveImportAnswer = z.infer<typeof saveImportAnswer>;
