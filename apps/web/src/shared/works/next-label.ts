import type { AdjacentUnit, WorkKind } from '@ld/contract/content';
import { CURRENCY_NAME } from '../lib/brand';
import { KIND_WORDS } from './words';

/**
 * The next-unit button's label: "下一章 · 5 蓝钻" (or 下一话) when opening it will cost the reader
 * something (DESIGN §13: the reader says what the next unit costs before it is opened), 没有下一章
 * at the end.
 */
export function nextLabel(kind: WorkKind, next: AdjacentUnit | null | undefined): string {
  const word = KIND_WORDS[kind].next;
  if (!next) return `没有${word}`;
  if (next.unlocked || next.price === 0) return word;
  return `${word} · ${next.vip ? 'VIP ' : ''}${next.price} ${CURRENCY_NAME}`;
}
