import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { existingUnit } from '../content/public.ts';
import type { ThreadKey } from '../square/public.ts';
import { chapterScope, paragraphsOf } from './service.ts';

// 段评: the square's comment engine on one thread per paragraph, scope `novel:{workId}:{unitId}`
// and slot = the paragraph index (docs/decisions/0033-paragraph-comments.md). Comments hang on a
// chapter whether or not the caller has unlocked it; the book and chapter must exist.

/** The path params of a 段评 call: the book and the chapter. */
export interface ChapterPlace {
  id: number;
  cid: number;
}

/** The chapter's scope after checking the book, the chapter and, when given, the paragraph. */
export async function chapterCommentScope(
  deps: Deps,
  { id, cid }: ChapterPlace,
  paragraph?: number,
): Promise<string> {
  const unit = await existingUnit(deps, 'novel', id, cid);
  if (paragraph !== undefined) {
    const count = (await paragraphsOf(deps, Number(unit.id), Number(unit.idx))).length;
    if (paragraph >= count) badParagraph(count);
  }
  return chapterScope(id, cid);
}

/** The thread of one paragraph: the list's `paragraph` query, or a new comment's. */
export async function paragraphThread(
  deps: Deps,
  place: ChapterPlace,
  { paragraph }: { paragraph: number },
): Promise<ThreadKey> {
  return { scope: await chapterCommentScope(deps, place, paragraph), slot: paragraph };
}

function badParagraph(count: number): never {
  throw badInput('paragraph', `超出本章段落数（共 ${count} 段，序号从 0 开始）`);
}
