import {
  type ImportLines,
  MAX_IMPORT_CHAPTERS,
  type SaveImportAnswer,
  type SaveImportBody,
  type TxtPreview,
} from '@ld/contract/admin/novels';
import { ErrorCode } from '@ld/contract/envelope';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { adminWorkOf, insertUnits, lastUnitIdx, refreshWorkUnits } from '../content/public.ts';
import { type AuditActor, audited } from '../operators/public.ts';
import { wordCountOf } from './prose.ts';
import * as repo from './repository.ts';
import { ChapterSplitter } from './txt-chapters.ts';
import { detectEncoding, type OpenBytes, type TxtEncoding, TxtRefusal, txtLines } from './txt-text.ts';

// A novel's chapters from a TXT file (docs/decisions/0059-novels-and-comics-console.md): the upload
// is kept in storage under an import id; the preview proposes a split; the editor's corrected
// plan (line ranges) is applied to the same file when saving. The file is streamed every time,
// so neither step holds the book in memory.

/** Where an uploaded TXT waits for its save (removed once saved). */
export const importFolder = (workId: number) => `imports/novel-${workId}`;
export const importKey = (workId: number, importId: string) => `${importFolder(workId)}/${importId}.txt`;

const refusalAsBadInput = (error: unknown): unknown =>
  error instanceof TxtRefusal ? badInput('file', error.message) : error;

async function readable(
  deps: Deps,
  workId: number,
  importId: string,
): Promise<{ open: OpenBytes; bytes: number; key: string }> {
  // Using an import keeps it from the sweep for another day.
  const key = await repo.touchImport(deps.db.kysely, workId, importId, deps.clock.now());
  const stat = key ? await deps.storage.stat(key) : null;
  if (!key || !stat) throw new AppError(ErrorCode.notFound, '导入的文件已失效，请重新上传', 404);
  return { open: () => deps.storage.createReadStream(key), bytes: stat.size, key };
}

/** Records an uploaded TXT (stored at `key`) as staged for its save. */
export async function stageImport(deps: Deps, workId: number, importId: string, key: string): Promise<void> {
  const now = deps.clock.now();
  await repo.insertImport(deps.db.kysely, {
    id: importId,
    work_id: workId,
    storage_key: key,
    created_at: now,
    touched_at: now,
  });
}

/** How long a staged import nobody touches is kept: a day. */
export const IMPORT_TTL_MS = 24 * 3600_000;
/** Imports removed per sweep batch. */
const SWEEP_BATCH = 100;

/**
 * Removes staged imports nobody used for IMPORT_TTL_MS, row and file: each row is deleted only if
 * still untouched (so of two processes, or a sweep and an editor, exactly one wins), then its
 * file. Answers how many were removed.
 */
export async function sweepImports(deps: Deps): Promise<number> {
  const db = deps.db.kysely;
  const before = deps.clock.now() - IMPORT_TTL_MS;
  let removed = 0;
  for (const row of await repo.staleImports(db, before, SWEEP_BATCH)) {
    if (await repo.claimStaleImport(db, row.id, before)) {
      await deps.storage.remove(row.storage_key);
      removed++;
    }
  }
  return removed;
}

async function encodingOf(open: OpenBytes): Promise<TxtEncoding> {
  try {
    return await detectEncoding(open);
  } catch (error) {
    throw refusalAsBadInput(error);
  }
}

/**
 * The proposed split of an uploaded TXT (already stored under its import id). A file that cannot
 * be read as a novel is refused with why (400 naming `file`) and removed: nothing changes.
 */
export async function previewImport(
  deps: Deps,
  workId: number,
  importId: string,
  fileName: string,
): Promise<TxtPreview> {
  await adminWorkOf(deps.db.kysely, 'novel', workId);
  const { open, bytes } = await readable(deps, workId, importId);
  try {
    const encoding = await encodingOf(open);
    const splitter = new ChapterSplitter();
    try {
      for await (const line of txtLines(open, encoding)) splitter.push(line);
    } catch (error) {
      throw refusalAsBadInput(error);
    }
    const split = splitter.finish();
    if (split.lineCount === 0) throw badInput('file', '文件里没有文字');
    if (!split.chapters.some((c) => c.title !== '前言' || c.number !== null)) {
      throw badInput('file', '没有找到“第…章”或“第…卷”形式的章节标题，无法分章');
    }
    if (split.chapters.length > MAX_IMPORT_CHAPTERS) {
      throw badInput(
        'file',
        `分出了 ${split.chapters.length} 章，超过一次 ${MAX_IMPORT_CHAPTERS} 章的上限，请分成几个文件`,
      );
    }
    return { importId, fileName, encoding, bytes, ...split };
  } catch (error) {
    await repo.deleteImport(deps.db.kysely, importId);
    await deps.storage.remove(importKey(workId, importId));
    throw error;
  }
}

/** Lines `from`… of an uploaded file, for the editor choosing where to split a chapter. */
export async function importLines(
  deps: Deps,
  workId: number,
  importId: string,
  from: number,
  count: number,
): Promise<ImportLines> {
  await adminWorkOf(deps.db.kysely, 'novel', workId);
  const { open } = await readable(deps, workId, importId);
  const encoding = await encodingOf(open);
  const lines: string[] = [];
  let i = 0;
  for await (const line of txtLines(open, encoding)) {
    if (i >= from) lines.push(line);
    i++;
    if (lines.length >= count) break;
  }
  return { from, lines };
}

/** Chapters written per batch: a batch's text is all the save holds at once. */
const BATCH = 50;

/**
 * Appends the planned chapters after the novel's last one, in one audited transaction: all of
 * them or, when the plan does not fit the file, none (400 naming `chapters`).
 */
export async function saveImport(
  deps: Deps,
  actor: AuditActor,
  workId: number,
  importId: string,
  body: SaveImportBody,
): Promise<SaveImportAnswer> {
  await adminWorkOf(deps.db.kysely, 'novel', workId);
  const { open, key } = await readable(deps, workId, importId);
  const encoding = await encodingOf(open);
  const plan = body.chapters;
  const now = deps.clock.now();
  const answer = await audited(
    deps,
    actor,
    async (trx) => {
      const before = await adminWorkOf(trx, 'novel', workId);
      let next = (await lastUnitIdx(trx, workId)) + 1;
      let batch: Array<{ title: string; paragraphs: string[] }> = [];
      const flush = async () => {
        next = await writeChapters(trx, workId, next, batch, now);
        batch = [];
      };
      let at = 0;
      let paragraphs: string[] = [];
      let lineNo = 0;
      try {
        for await (const line of txtLines(open, encoding)) {
          const i = lineNo++;
          if (at >= plan.length) break;
          if (i < plan[at].from) continue;
          paragraphs.push(line);
          if (i === plan[at].to - 1) {
            batch.push({ title: plan[at].title, paragraphs });
            paragraphs = [];
            at++;
            if (batch.length >= BATCH) await flush();
          }
        }
      } catch (error) {
        throw refusalAsBadInput(error);
      }
      if (at < plan.length) {
        throw badInput('chapters', `第 ${at + 1} 章「${plan[at].title}」超出了文件的行数（共 ${lineNo} 行）`);
      }
      await flush();
      await refreshWorkUnits(trx, workId);
      await repo.deleteImport(trx, importId);
      const after = await adminWorkOf(trx, 'novel', workId);
      const result = {
        added: plan.length,
        unitCount: after.unitCount,
        wordCount: after.wordCount,
      };
      return {
        result,
        audit: {
          action: 'novel.import',
          targetType: 'novel',
          targetId: workId,
          before: { unitCount: before.unitCount, wordCount: before.wordCount },
          after: { ...result, encoding, first: plan[0].title, last: plan.at(-1)?.title },
        },
      };
    },
    { announce: ['novels'] },
  );
  await deps.storage.remove(key);
  return answer;
}

/** Writes chapters from index `next` on; answers the index after them. */
async function writeChapters(
  trx: Conn,
  workId: number,
  next: number,
  chapters: Array<{ title: string; paragraphs: string[] }>,
  now: number,
): Promise<number> {
  if (chapters.length === 0) return next;
  const ids = await insertUnits(
    trx,
    chapters.map((c, i) => ({
      work_id: workId,
      idx: next + i,
      title: c.title,
      price: 0,
      vip: 0,
      word_count: wordCountOf(c.paragraphs),
      created_at: now,
    })),
  );
  await repo.insertChapterTexts(
    trx,
    chapters.map((c, i) => ({ unit_id: ids[i], paragraphs: JSON.stringify(c.paragraphs), seed: null })),
  );
  return next + chapters.length;
}
