import type { TxtChapter } from '@ld/contract/admin/novels';

/**
 * A chapter of the import plan as the editor corrects it: the proposed chapter, renamed, merged,
 * split or dropped. `from`/`to` are the file's non-blank lines (the server's numbering).
 */
export interface PlannedChapter {
  key: string;
  title: string;
  volume: string | null;
  from: number;
  to: number;
  chars: number;
  excerpt: string;
  dropped: boolean;
}

let keys = 0;
const keyOf = () => `c${++keys}`;

export const planOf = (chapters: TxtChapter[]): PlannedChapter[] =>
  chapters.map((c) => ({
    key: keyOf(),
    title: c.title,
    volume: c.volume,
    from: c.from,
    to: c.to,
    chars: c.chars,
    excerpt: c.excerpt,
    // Text before the first heading (book name, author, blurb) is usually not a chapter.
    dropped: c.title === '前言' && c.number === null && c.from === 0,
  }));

export const renamed = (plan: PlannedChapter[], key: string, title: string) =>
  plan.map((c) => (c.key === key ? { ...c, title } : c));

export const toggledDrop = (plan: PlannedChapter[], key: string) =>
  plan.map((c) => (c.key === key ? { ...c, dropped: !c.dropped } : c));

/** Joins a chapter and the next: one range; the next one's heading line becomes text of it. */
export function mergedWithNext(plan: PlannedChapter[], key: string): PlannedChapter[] {
  const i = plan.findIndex((c) => c.key === key);
  if (i < 0 || i === plan.length - 1) return plan;
  const [a, b] = [plan[i], plan[i + 1]];
  const merged = { ...a, to: b.to, chars: a.chars + b.chars + b.title.length };
  return [...plan.slice(0, i), merged, ...plan.slice(i + 2)];
}

/**
 * Splits a chapter at line `at` (inside it): the new chapter is titled `title` and starts there,
 * or after that line when the line is its heading (`lineIsTitle`). `firstChars` is the length of
 * the lines before `at`, `lineChars` that line's.
 */
export function splitAt(
  plan: PlannedChapter[],
  key: string,
  at: {
    line: number;
    title: string;
    lineIsTitle: boolean;
    firstChars: number;
    lineChars: number;
    excerpt: string;
  },
): PlannedChapter[] {
  const i = plan.findIndex((c) => c.key === key);
  const c = plan[i];
  if (!c || at.line <= c.from || at.line >= c.to) return plan;
  const first = { ...c, to: at.line, chars: at.firstChars };
  const from = at.lineIsTitle ? at.line + 1 : at.line;
  if (from >= c.to) return plan;
  const second: PlannedChapter = {
    key: keyOf(),
    title: at.title,
    volume: c.volume,
    from,
    to: c.to,
    chars: Math.max(0, c.chars - at.firstChars - (at.lineIsTitle ? at.lineChars : 0)),
    excerpt: at.excerpt,
    dropped: false,
  };
  return [...plan.slice(0, i), first, second, ...plan.slice(i + 1)];
}

/** What the save call takes: the kept chapters in order. */
export const savedChapters = (plan: PlannedChapter[]) =>
  plan.filter((c) => !c.dropped).map(({ title, from, to }) => ({ title: title.trim(), from, to }));
