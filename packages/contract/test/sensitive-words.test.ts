import { describe, expect, it } from 'vitest';
import {
  normaliseForMatching,
  normaliseWord,
  SensitiveWordMatcher,
  sensitiveWordsMessage,
} from '../src/sensitive-words.ts';

describe('normaliseForMatching', () => {
  it('folds full-width forms and case, drops spaces and punctuation, and remembers the spans', () => {
    const text = 'Ａb，c d';
    const n = normaliseForMatching(text);
    expect(n.chars.join('')).toBe('abcd');
    expect(n.chars.map((_, i) => text.slice(n.starts[i], n.ends[i]))).toEqual(['Ａ', 'b', 'c', 'd']);
  });

  it('keeps spans right around characters outside the basic plane', () => {
    const text = '😀赌😀博';
    const n = normaliseForMatching(text);
    expect(n.chars.join('')).toBe('赌博');
    expect(text.slice(n.starts[0], n.ends[1])).toBe('赌😀博');
  });

  it('folds a word the same way as text', () => {
    expect(normaliseWord(' ＦＵＣＫ ')).toBe('fuck');
    expect(normaliseWord('...')).toBe('');
  });
});

describe('SensitiveWordMatcher', () => {
  const matcher = new SensitiveWordMatcher(['赌博', '外挂', '代练', 'fuck', '色情', '赌']);

  it('finds every listed word with its span in the original text', () => {
    const text = '出售外挂和代练服务';
    expect(matcher.findAll(text)).toEqual([
      { word: '外挂', start: 2, end: 4 },
      { word: '代练', start: 5, end: 7 },
    ]);
  });

  it('reports overlapping and nested words (Aho-Corasick output links)', () => {
    const m = new SensitiveWordMatcher(['he', 'she', 'his', 'hers']);
    const found = m.findAll('ushers').map((x) => `${x.word}@${x.start}-${x.end}`);
    expect(found).toEqual(['she@1-4', 'he@2-4', 'hers@2-6']);
    expect(matcher.findWords('网络赌博')).toEqual(['赌博', '赌']);
  });

  it('follows failure links across partial matches', () => {
    const m = new SensitiveWordMatcher(['abcd', 'bce']);
    expect(m.findWords('xabce')).toEqual(['bce']);
    expect(m.findWords('abcabcd')).toEqual(['abcd']);
  });

  it('catches full-width, upper-case and split-up variants', () => {
    expect(matcher.findWords('ＦＵＣＫ')).toEqual(['fuck']);
    expect(matcher.findWords('FuCk you')).toEqual(['fuck']);
    expect(matcher.findWords('f.u.c.k')).toEqual(['fuck']);
    expect(matcher.findWords('外 挂')).toEqual(['外挂']);
    expect(matcher.findWords('色·情\u200b片')).toEqual(['色情']);
    expect(matcher.findWords('代\n练')).toEqual(['代练']);
  });

  it('does not join separate Latin words into a listed one', () => {
    const m = new SensitiveWordMatcher(['shit', 'fuck']);
    expect(m.findWords('push it to the limit')).toEqual([]);
    expect(m.findWords('this hit was great')).toEqual([]);
    expect(m.findWords('oh sh it, fuc-k!')).toEqual(['shit', 'fuck']);
    expect(m.findWords('motherfucker')).toEqual(['fuck']);
    expect(m.findWords('Ｓ Ｈ Ｉ Ｔ')).toEqual(['shit']);
  });

  it('passes clean text and knows when nothing is listed', () => {
    expect(matcher.findAll('今天天气不错，一起开黑吧')).toEqual([]);
    expect(matcher.hasAny('今天天气不错')).toBe(false);
    expect(new SensitiveWordMatcher([]).findAll('赌博')).toEqual([]);
    expect(new SensitiveWordMatcher(['', '  ', '!!']).size).toBe(0);
  });

  it('names words in order of first appearance, once each, by their listed spelling', () => {
    const m = new SensitiveWordMatcher(['外挂', 'FUCK', 'fuck', '代练']);
    expect(m.size).toBe(3);
    expect(m.findWords('代练代练 fuck 外挂')).toEqual(['代练', 'FUCK', '外挂']);
  });

  it('masks what matched, one mask per character written', () => {
    expect(matcher.mask('卖外·挂啦')).toBe('卖***啦');
    expect(matcher.mask('干净的文字')).toBe('干净的文字');
  });

  it('scans long text in one pass', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `词${i}号`);
    const m = new SensitiveWordMatcher(words);
    const text = `${'正常内容'.repeat(5000)}词1999号`;
    const started = performance.now();
    expect(m.findWords(text)).toEqual(['词1999号']);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('sensitiveWordsMessage', () => {
  it('names the words and says what to do', () => {
    expect(sensitiveWordsMessage(['赌博', '外挂'])).toBe('内容包含敏感词：赌博、外挂，请修改后再发布');
  });
});
