import type { Episode } from '@ld/contract/comics';

/**
 * The names of the strip's blocks that are not open (yet): loading or locked. The open episode
 * before a block names its next, the open one after (below a prepended episode) its prev; a block
 * above the episode opened by address (`startIndex`) that nobody names is 上一话, and its lock card
 * says it is the previous one: 上一话：<title>.
 */
export function blockTitles(ids: number[], episodes: Map<number, Episode>, startIndex: number) {
  const knownTitleOf = (i: number): string | null => {
    const id = ids[i] as number;
    const before = episodes.get(ids[i - 1] as number)?.next;
    const after = episodes.get(ids[i + 1] as number)?.prev;
    if (before?.id === id) return before.title;
    if (after?.id === id) return after.title;
    return null;
  };
  return {
    /** Its title when known, else 上一话 above the episode opened. */
    titleOf: (i: number): string | null => knownTitleOf(i) ?? (i < startIndex ? '上一话' : null),
    /** The name on a lock card. */
    lockTitleOf: (i: number): string | null => {
      const title = knownTitleOf(i);
      if (i >= startIndex) return title;
      return title ? `上一话：${title}` : '上一话';
    },
  };
}
