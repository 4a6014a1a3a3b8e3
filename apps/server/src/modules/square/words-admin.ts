import type { AdminPage } from '@ld/contract/admin/list';
import {
  type AddSensitiveWordBody,
  type AdminSensitiveWord,
  type AdminSensitiveWordListQuery,
  SENSITIVE_IMPORT_MAX_LINES,
  SENSITIVE_WORD_MAX,
  type SensitiveImportResult,
} from '@ld/contract/admin/sensitive-words';
import { normaliseForMatching } from '@ld/contract/sensitive-words';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited } from '../operators/public.ts';
import type { SensitiveWordsTable } from './tables.ts';
import * as repo from './words-admin-repository.ts';

// 敏感词 in the console. The portal's filter (words-service.ts) asks the list's version (count and
// last id) at every check and rebuilds its matcher when it moved, in every process, so an added or
// removed word applies at the next post or comment anywhere: no topic to announce.

const toAdminWord = (row: Selectable<SensitiveWordsTable>): AdminSensitiveWord => ({
  id: Number(row.id),
  word: row.word,
  createTime: toIso(Number(row.created_at)),
});

export async function listWords(
  deps: Deps,
  q: AdminSensitiveWordListQuery,
): Promise<AdminPage<AdminSensitiveWord>> {
  const { rows, total } = await repo.listWords(
    deps.db.kysely,
    { word: q.word },
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return { records: rows.map(toAdminWord), total, current: q.currentPage, size: q.pageSize };
}

/** Two spellings the filter treats alike (case, full-width, inserted spaces and punctuation) are one word. */
const sameAs = (word: string): string => normaliseForMatching(word).chars.join('');

interface Candidates {
  words: string[];
  duplicates: number;
  invalidLines: Array<{ line: number; text: string }>;
}

/** Splits pasted lines or a TXT/CSV file into words: one a line, a CSV line's first cell; a header line `word`/`敏感词` is skipped. */
function candidatesOf(text: string, existing: Iterable<string>, field: string): Candidates {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.length > SENSITIVE_IMPORT_MAX_LINES)
    throw badInput(field, `一次最多导入 ${SENSITIVE_IMPORT_MAX_LINES} 行，请分批导入`);
  const seen = new Set([...existing].map(sameAs));
  const result: Candidates = { words: [], duplicates: 0, invalidLines: [] };
  lines.forEach((raw, i) => {
    let cell = raw.split(',')[0]?.trim() ?? '';
    if (cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"')) cell = cell.slice(1, -1).trim();
    if (cell === '' || (i === 0 && /^(word|敏感词)$/i.test(cell))) return;
    const key = sameAs(cell);
    if ([...cell].length > SENSITIVE_WORD_MAX || key === '') {
      result.invalidLines.push({ line: i + 1, text: cell.slice(0, 80) });
    } else if (seen.has(key)) {
      result.duplicates += 1;
    } else {
      seen.add(key);
      result.words.push(cell);
    }
  });
  return result;
}

async function importCandidates(
  deps: Deps,
  actor: AuditActor,
  text: string,
  field: string,
  source: string,
): Promise<SensitiveImportResult> {
  return audited(deps, actor, async (trx) => {
    const found = candidatesOf(text, await repo.allWords(trx), field);
    const inserted = await repo.insertWords(trx, found.words, deps.clock.now());
    const result: SensitiveImportResult = {
      added: inserted.length,
      // A word another import added meanwhile counts as a duplicate too.
      duplicates: found.duplicates + (found.words.length - inserted.length),
      invalid: found.invalidLines.length,
      invalidLines: found.invalidLines.slice(0, 20),
    };
    return {
      result,
      audit: {
        action: 'sensitive-word.import',
        targetType: 'sensitive-word',
        targetId: source,
        before: null,
        after: { ...result, words: inserted.slice(0, 500) },
      },
    };
  });
}

/** Pasted lines, one word a line. */
export const importPastedWords = (deps: Deps, actor: AuditActor, text: string) =>
  importCandidates(deps, actor, text, 'text', 'paste');

/** A TXT/CSV file's bytes: UTF-8 (with or without BOM), else GBK as Chinese editors save it. */
export function decodeWordFile(bytes: Buffer, field: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gbk', { fatal: true }).decode(bytes);
    } catch {
      throw badInput(field, '文件不是 UTF-8 或 GBK 编码的文本，请另存为 UTF-8 后重试');
    }
  }
}

export const importWordFile = (deps: Deps, actor: AuditActor, bytes: Buffer, filename: string) =>
  importCandidates(deps, actor, decodeWordFile(bytes, 'file'), 'file', `file:${filename.slice(0, 40)}`);

/** One word; a word already listed (as the filter compares) is refused naming the field. */
export async function addWord(
  deps: Deps,
  actor: AuditActor,
  body: AddSensitiveWordBody,
): Promise<AdminSensitiveWord> {
  return audited(deps, actor, async (trx) => {
    const found = candidatesOf(body.word, await repo.allWords(trx), 'word');
    if (found.invalidLines.length > 0) throw badInput('word', '敏感词不能只有空格或标点');
    if (found.words.length === 0) throw badInput('word', `「${body.word}」已在词库中`);
    const [inserted] = await repo.insertWords(trx, found.words, deps.clock.now());
    if (!inserted) throw badInput('word', `「${body.word}」已在词库中`);
    const after = toAdminWord(await repo.findWordByText(trx, inserted));
    return {
      result: after,
      audit: {
        action: 'sensitive-word.create',
        targetType: 'sensitive-word',
        targetId: after.id,
        before: null,
        after,
      },
    };
  });
}

async function wordOf(db: Conn, id: number): Promise<AdminSensitiveWord> {
  const row = await repo.findWord(db, id);
  if (!row) throw notFound('敏感词');
  return toAdminWord(row);
}

export async function removeWord(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await audited(deps, actor, async (trx) => {
    const before = await wordOf(trx, id);
    await repo.deleteWord(trx, id);
    return {
      result: undefined,
      audit: {
        action: 'sensitive-word.delete',
        targetType: 'sensitive-word',
        targetId: id,
        before,
        after: null,
      },
    };
  });
}
