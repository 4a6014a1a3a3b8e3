/**
 * Sensitive-word matching shared by the web client (which checks before sending) and the server
 * (which decides). Both sides must normalise the same way, or the client would pass text the
 * server refuses; that is why this lives in the contract.
 *
 * Matching is Aho-Corasick over a normalised copy of the text: one pass finds every occurrence
 * of every word, however many words there are. Normalisation folds full-width forms to
 * half-width (NFKC), letter case, and drops whitespace, punctuation and symbols, so
 * "ＦＵＣＫ", "f.u.c.k" and "赌 博" are caught like "fuck" and "赌博".
 */

export interface SensitiveMatch {
  /** The listed word that matched (its listed spelling, not the variant found in the text). */
  word: string;
  /** Span in the original text, in UTF-16 code units: text.slice(start, end) is what was written. */
  start: number;
  end: number;
}

// Whitespace, punctuation and symbols are noise that people insert to dodge a filter.
const NOISE = /[\p{White_Space}\p{P}\p{S}\p{Cf}]/u;

const LATIN_WORD = /^[a-z0-9]+$/;

/** Whether the code unit at `index` is a letter or digit once folded (full-width ones too). */
function isWordChar(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  return /^[a-z0-9]$/.test(fold(text[index]));
}

export interface NormalisedText {
  /** The folded characters that matching sees, one code point per entry. */
  chars: string[];
  /** For each entry of `chars`, the span in the original text it came from. */
  starts: number[];
  ends: number[];
}

function fold(codePoint: string): string {
  // ASCII needs only lower-casing; NFKC per code point is the slow path for everything else.
  if (codePoint.length === 1 && codePoint.charCodeAt(0) < 0x80) return codePoint.toLowerCase();
  return codePoint.normalize('NFKC').toLowerCase();
}

/** Folds text for matching and keeps, for every folded character, where it came from. */
export function normaliseForMatching(text: string): NormalisedText {
  const chars: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const codePoint of text) {
    const start = index;
    index += codePoint.length;
    for (const ch of fold(codePoint)) {
      if (NOISE.test(ch)) continue;
      chars.push(ch);
      starts.push(start);
      ends.push(index);
    }
  }
  return { chars, starts, ends };
}

/** The folded form of a word as the matcher stores it ('' when nothing is left, e.g. "..."). */
export const normaliseWord = (word: string): string => normaliseForMatching(word).chars.join('');

interface Node {
  next: Map<string, number>;
  fail: number;
  /** Index of the word that ends here, or -1. */
  word: number;
  /** Nearest node down the fail chain that ends a word, or -1 (the dictionary suffix link). */
  output: number;
  depth: number;
}

export class SensitiveWordMatcher {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, word: -1, output: -1, depth: 0 }];
  private readonly words: string[] = [];

  constructor(words: Iterable<string>) {
    for (const word of words) this.add(word);
    this.link();
  }

  /** How many distinct words the matcher holds. */
  get size(): number {
    return this.words.length;
  }

  private add(word: string): void {
    const folded = normaliseForMatching(word).chars;
    if (folded.length === 0) return;
    let state = 0;
    for (const ch of folded) {
      let child = this.nodes[state].next.get(ch);
      if (child === undefined) {
        child = this.nodes.length;
        this.nodes.push({
          next: new Map(),
          fail: 0,
          word: -1,
          output: -1,
          depth: this.nodes[state].depth + 1,
        });
        this.nodes[state].next.set(ch, child);
      }
      state = child;
    }
    // Two listed spellings that fold the same ("FUCK", "fuck") are one word; the first one names it.
    if (this.nodes[state].word === -1) {
      this.nodes[state].word = this.words.length;
      this.words.push(word.trim());
    }
  }

  /** Breadth-first, so every fail link points at a node already linked. */
  private link(): void {
    const queue: number[] = [];
    for (const child of this.nodes[0].next.values()) queue.push(child);
    for (let head = 0; head < queue.length; head += 1) {
      const state = queue[head];
      const node = this.nodes[state];
      for (const [ch, child] of node.next) {
        let fail = node.fail;
        while (fail !== 0 && !this.nodes[fail].next.has(ch)) fail = this.nodes[fail].fail;
        const target = this.nodes[fail].next.get(ch);
        const childNode = this.nodes[child];
        childNode.fail = target !== undefined && target !== child ? target : 0;
        const failNode = this.nodes[childNode.fail];
        childNode.output = failNode.word !== -1 ? childNode.fail : failNode.output;
        queue.push(child);
      }
    }
  }

  /** Every occurrence of every word, overlapping ones included, in order of where they end. */
  findAll(text: string): SensitiveMatch[] {
    const matches: SensitiveMatch[] = [];
    if (this.words.length === 0 || text.length === 0) return matches;
    const { chars, starts, ends } = normaliseForMatching(text);
    let state = 0;
    for (let i = 0; i < chars.length; i += 1) {
      const ch = chars[i];
      while (state !== 0 && !this.nodes[state].next.has(ch)) state = this.nodes[state].fail;
      state = this.nodes[state].next.get(ch) ?? 0;
      for (let hit = this.nodes[state].word !== -1 ? state : this.nodes[state].output; hit !== -1; ) {
        const node = this.nodes[hit];
        const match = { word: this.words[node.word], start: starts[i - node.depth + 1], end: ends[i] };
        if (!this.joinsLatinWords(text, match, node.depth)) matches.push(match);
        hit = node.output;
      }
    }
    return matches;
  }

  /**
   * Dropping separators lets "f.u.c.k" match, but it would also let "push it" match "shit".
   * A Latin word found across separators therefore counts only when it starts and ends on word
   * boundaries, as a word spelled out with gaps does.
   */
  private joinsLatinWords(text: string, match: SensitiveMatch, foldedLength: number): boolean {
    if (!LATIN_WORD.test(normaliseWord(match.word))) return false;
    const written = text.slice(match.start, match.end);
    if (written.length === foldedLength) return false;
    return isWordChar(text, match.start - 1) || isWordChar(text, match.end);
  }

  /** The distinct listed words found in the text, in order of first appearance (longer first on a tie). */
  findWords(text: string): string[] {
    const found = new Set<string>();
    const ordered = this.findAll(text).sort((a, b) => a.start - b.start || b.end - a.end);
    for (const match of ordered) found.add(match.word);
    return [...found];
  }

  hasAny(text: string): boolean {
    return this.findAll(text).length > 0;
  }

  /** The text with every matched span replaced by `mask` characters, one per code point. */
  mask(text: string, mask = '*'): string {
    const hidden = new Array<boolean>(text.length).fill(false);
    for (const match of this.findAll(text)) hidden.fill(true, match.start, match.end);
    let out = '';
    let index = 0;
    for (const codePoint of text) {
      out += hidden[index] ? mask : codePoint;
      index += codePoint.length;
    }
    return out;
  }
}

/** The refusal both sides show, naming the words so the writer knows what to change. */
export const sensitiveWordsMessage = (words: string[]): string =>
  `内容包含敏感词：${words.join('、')}，请修改后再发布`;
