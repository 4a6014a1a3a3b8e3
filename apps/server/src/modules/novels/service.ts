import type { Chapter } from '@ld/contract/novels';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { openUnit } from '../content/public.ts';
import { threadCommentCounts } from '../square/public.ts';
import { composeChapter } from './prose.ts';
import * as repo from './repository.ts';

/** Where a chapter's 段评 live: one comment thread per paragraph (docs/decisions/0033-paragraph-comments.md). */
export const chapterScope = (workId: number, chapterId: number) => `novel:${workId}:${chapterId}`;

/**
 * Chapters composed from a seed lately, newest last: the same (seed, chapter) always composes the
 * same text, so a chapter read again (the next device, the prefetch, a reload) is not composed again.
 */
const composed = new Map<string, string[]>();
const COMPOSED_KEPT = 256;

function composedChapter(seed: number, idx: number): string[] {
  const key = `${seed}:${idx}`;
  let paragraphs = composed.get(key);
  if (paragraphs) composed.delete(key);
  else paragraphs = composeChapter(seed, idx);
  composed.set(key, paragraphs);
  if (composed.size > COMPOSED_KEPT) composed.delete(composed.keys().next().value as string);
  return paragraphs;
}

/** A chapter's paragraphs: stored, or composed from its demo seed (docs/decisions/0027-novels.md). */
export async function paragraphsOf(deps: Deps, unitId: number, idx: number): Promise<string[]> {
  const text = await repo.findChapterText(deps.db.kysely, unitId);
  if (text?.paragraphs) return JSON.parse(text.paragraphs) as string[];
  if (text?.seed !== null && text?.seed !== undefined) return composedChapter(Number(text.seed), idx);
  throw notFound('章节内容');
}

/**
 * GET /api/v1/novel/{id}/chapter/{cid}: the text when the chapter is open to the caller (free,
 * bought, a member on a VIP chapter, or bought now by auto-unlock), else code 1005.
 */
export async function readChapter(
  deps: Deps,
  userId: number | null,
  workId: number,
  chapterId: number,
): Promise<Chapter> {
  const opened = await openUnit(deps, 'novel', userId, workId, chapterId);
  const { unit, prev, next } = opened;
  const paragraphs = await paragraphsOf(deps, Number(unit.id), Number(unit.idx));
  const counts = await threadCommentCounts(deps, chapterScope(workId, chapterId), paragraphs.length);
  return {
    id: Number(unit.id),
    workId,
    index: Number(unit.idx),
    title: unit.title,
    paragraphs,
    prevId: prev?.id ?? null,
    nextId: next?.id ?? null,
    prev,
    next,
    // 段评 per paragraph, replies included (the count bubble).
    paragraphCommentCounts: counts,
    price: Number(unit.price),
    vip: Number(unit.vip) === 1,
    charged: opened.charged,
  };
}
