import type { TxtChapter } from '@ld/contract/admin/novels';

// Splitting a novel's lines into chapters at 第…章 / 第…卷 headings (Chinese or Arabic numerals),
// the way the import preview proposes it (docs/decisions/0059-novels-and-comics-console.md).
// Lines are numbered from 0 over the non-blank lines `txtLines` yields; a chapter is its title and
// the half-open range [from, to) of its body lines, so the editor's corrections (rename, merge,
// split, drop) are plain range edits the server applies to the same lines when saving.

const NUMERAL = '[0-9０-９零〇一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]+';
/** 第十二章 风起 · 第12章：风起 · 第三卷 · 第一百零一章风起云涌 */
const NUMBERED = new RegExp(`^第\\s*(${NUMERAL})\\s*([章卷])(.*)$`);
/** Unnumbered chapters books commonly have. */
const NAMED = /^(序章|楔子|引子|序言|尾声|后记|番外[一二三四五六七八九十\d]*)([\s:：、.．·—-].*)?$/;
/** A heading's own title is short and is not a sentence. */
const MAX_TITLE_CHARS = 30;
const SENTENCE = /[。，；,;]/;
const SEPARATORS = /^[\s:：、.．·—-]+/;

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  壹: 1,
  二: 2,
  两: 2,
  贰: 2,
  三: 3,
  叁: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陆: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};
const UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };

/** 十二 → 12, 一百零一 → 101, 一〇二 → 102, 两千 → 2000, 12 / １２ → 12. */
export function numeralValue(text: string): number | null {
  const ascii = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  if ([...text].every((c) => c in DIGITS)) {
    return Number([...text].map((c) => DIGITS[c]).join(''));
  }
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const c of text) {
    if (c in DIGITS) digit = DIGITS[c];
    else if (c in UNITS) {
      section += (digit || 1) * UNITS[c];
      digit = 0;
    } else if (c === '万') {
      total += (section + digit) * 10_000;
      section = 0;
      digit = 0;
    } else return null;
  }
  return total + section + digit;
}

export interface Heading {
  kind: 'chapter' | 'volume';
  /** The line as the book wrote it: the chapter's title. */
  title: string;
  number: number | null;
}

/** Whether a line is a chapter or volume heading, and which. */
export function headingOf(line: string): Heading | null {
  if (line.length > MAX_TITLE_CHARS + 12) return null;
  const numbered = NUMBERED.exec(line);
  if (numbered) {
    const rest = numbered[3].replace(SEPARATORS, '');
    if (rest.length > MAX_TITLE_CHARS || SENTENCE.test(rest)) return null;
    // "第三章节" or "第二卷起" run on into a word: only a separator, the end or a title may follow.
    return {
      kind: numbered[2] === '卷' ? 'volume' : 'chapter',
      title: line,
      number: numeralValue(numbered[1]),
    };
  }
  const named = NAMED.exec(line);
  if (named && !SENTENCE.test(line)) return { kind: 'chapter', title: line, number: null };
  return null;
}

/** What the preview says about a split besides its chapters. */
export interface Split {
  chapters: TxtChapter[];
  lineCount: number;
  warnings: string[];
}

const EXCERPT_CHARS = 40;
/** A chapter this long probably hides a heading the splitter did not see. */
const LONG_CHAPTER_CHARS = 30_000;
const MAX_WARNINGS = 30;

/**
 * Feeds lines one at a time and keeps only the chapters' outlines (no text), so splitting a big
 * file holds its chapters' titles and counts, not the book.
 */
export class ChapterSplitter {
  private lineNo = 0;
  private volume: string | null = null;
  private open: (TxtChapter & { heading: Heading | null }) | null = null;
  private readonly chapters: TxtChapter[] = [];
  private readonly warnings: string[] = [];
  private lastNumber: number | null = null;

  push(line: string): void {
    const index = this.lineNo++;
    const heading = headingOf(line);
    if (!heading) {
      if (!this.open) this.start({ title: '前言', volume: this.volume, number: null, from: index }, null);
      const chapter = this.open as TxtChapter;
      chapter.chars += line.length;
      if (chapter.excerpt === '') chapter.excerpt = line.slice(0, EXCERPT_CHARS);
      return;
    }
    this.close(index);
    if (heading.kind === 'volume') {
      // A volume groups the chapters after it; it becomes a chapter only if it has text of its own.
      this.volume = line;
      this.lastNumber = null;
      this.start({ title: line, volume: line, number: null, from: index + 1 }, heading);
      return;
    }
    if (heading.number !== null) this.checkNumber(heading.number, line);
    this.start({ title: line, volume: this.volume, number: heading.number, from: index + 1 }, heading);
  }

  finish(): Split {
    this.close(this.lineNo);
    return { chapters: this.chapters, lineCount: this.lineNo, warnings: this.warnings };
  }

  private start(
    at: { title: string; volume: string | null; number: number | null; from: number },
    heading: Heading | null,
  ): void {
    this.open = { ...at, to: at.from, chars: 0, excerpt: '', heading };
  }

  /** Ends the open chapter before line `end` (the next heading, or the end of the file). */
  private close(end: number): void {
    const open = this.open;
    this.open = null;
    if (!open) return;
    open.to = end;
    if (open.chars === 0) {
      // A volume heading straight before its first chapter is only a group name.
      if (open.heading?.kind !== 'volume') this.warn(`「${open.title}」没有正文，已略去`);
      return;
    }
    if (open.chars > LONG_CHAPTER_CHARS) this.warn(`「${open.title}」有 ${open.chars} 字，可能漏分了章节`);
    const { heading: _heading, ...chapter } = open;
    this.chapters.push(chapter);
  }

  private checkNumber(n: number, line: string): void {
    const last = this.lastNumber;
    this.lastNumber = n;
    if (last === null || n === last + 1) return;
    if (n === last) this.warn(`章节号重复：「${line}」`);
    else if (n > last + 1)
      this.warn(
        n === last + 2
          ? `第 ${last} 章之后是「${line}」，缺第 ${last + 1} 章`
          : `第 ${last} 章之后是「${line}」，缺第 ${last + 1}–${n - 1} 章`,
      );
    else if (n !== 1) this.warn(`章节号倒退：第 ${last} 章之后是「${line}」`);
  }

  private warn(text: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(text);
  }
}
