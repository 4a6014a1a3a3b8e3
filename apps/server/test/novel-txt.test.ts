import { describe, expect, it } from 'vitest';
import { ChapterSplitter, headingOf, numeralValue } from '../src/modules/novels/txt-chapters.ts';
import { detectEncoding, type OpenBytes, TxtRefusal, txtLines } from '../src/modules/novels/txt-text.ts';
import { encodeGbk, makeTxtNovel } from './helpers/txt-novel.ts';

// Reading and splitting a novel TXT (docs/decisions/0059-novels-and-comics-console.md), without
// the app: encodings, refusals, headings, and a real-size GBK book split chapter by chapter.

/** The bytes in chunks of `size`, as a stream would give them (splitting characters and CRLFs). */
const chunked = (bytes: Buffer, size = 4096): OpenBytes =>
  async function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  };

async function split(bytes: Buffer, size?: number) {
  const open = chunked(bytes, size);
  const encoding = await detectEncoding(open);
  const splitter = new ChapterSplitter();
  for await (const line of txtLines(open, encoding)) splitter.push(line);
  return { encoding, ...splitter.finish() };
}

const refusalOf = async (bytes: Buffer) => {
  try {
    await split(bytes);
  } catch (error) {
    if (error instanceof TxtRefusal) return error.message;
    throw error;
  }
  return null;
};

describe('novel TXT reading', () => {
  const sample =
    '第一章 开端\r\n\u3000\u3000天色渐暗。\r\n第二章 相遇\n她来了。\r第三章 别离\n\n\u3000\u3000雨停了。';

  it.each([
    ['UTF-8', Buffer.from(sample, 'utf8'), 'utf-8'],
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample, 'utf8')]),
      'utf-8',
    ],
    ['GBK', encodeGbk(sample), 'gbk'],
  ] as const)('reads %s, any line ends, chunk boundaries anywhere', async (_name, bytes, encoding) => {
    for (const size of [1, 2, 3, 7, 4096]) {
      const result = await split(bytes, size);
      expect(result.encoding).toBe(encoding);
      expect(result.chapters.map((c) => [c.title, c.from, c.to, c.excerpt])).toEqual([
        ['第一章 开端', 1, 2, '天色渐暗。'],
        ['第二章 相遇', 3, 4, '她来了。'],
        ['第三章 别离', 5, 6, '雨停了。'],
      ]);
      expect(result.lineCount).toBe(6);
      expect(result.warnings).toEqual([]);
    }
  });

  it.each([
    ['an empty file', Buffer.alloc(0), '文件是空的'],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), '二进制'],
    ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('第一章 你好', 'utf16le')]), 'UTF-16'],
    [
      'damaged UTF-8',
      Buffer.concat([
        Buffer.from('第一章 开端\n'.repeat(20), 'utf8'),
        Buffer.from([0xe4, 0xb8]),
        Buffer.from('\n好', 'utf8'),
      ]),
      '字节损坏',
    ],
    ['neither UTF-8 nor GBK', Buffer.from([0x41, 0x81, 0x20, 0x42, 0x81, 0x0a]), '既不是 UTF-8 也不是 GBK'],
    [
      'control characters',
      Buffer.from('\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x10\x11'.repeat(4)),
      '控制字符',
    ],
    ['one endless line', Buffer.from('字'.repeat(30_000), 'utf8'), '超过 20000 字'],
  ])('refuses %s and says why', async (_name, bytes, message) => {
    expect(await refusalOf(bytes)).toContain(message);
  });

  it('reads Chinese and Arabic numerals, full-width digits and 万', () => {
    expect(
      [
        '一',
        '十',
        '十二',
        '二十',
        '一百零一',
        '一〇二',
        '两千零五',
        '壹佰贰拾叁',
        '12',
        '１２',
        '一万二千',
      ].map(numeralValue),
    ).toEqual([1, 10, 12, 20, 101, 102, 2005, 123, 12, 12, 12000]);
  });

  it('tells headings from prose that happens to start with 第', () => {
    expect(headingOf('第十二章 风起')).toMatchObject({ kind: 'chapter', number: 12 });
    expect(headingOf('第12章：风起')).toMatchObject({ kind: 'chapter', number: 12 });
    expect(headingOf('第一百零一章风起云涌')).toMatchObject({ kind: 'chapter', number: 101 });
    expect(headingOf('第三卷 归途')).toMatchObject({ kind: 'volume', number: 3 });
    expect(headingOf('楔子')).toMatchObject({ kind: 'chapter', number: null });
    expect(headingOf('第三章里他说过，这件事没有那么简单。')).toBeNull();
    expect(headingOf('第二天一早')).toBeNull();
  });

  it('keeps a preface, groups chapters under volumes, and warns of gaps, repeats and empty chapters', async () => {
    const text = [
      '《书名》',
      '作者：某人',
      '第一卷 起',
      '第一章 甲',
      '甲文',
      '第二章 乙',
      '乙文',
      '第二章 乙又',
      '乙又文',
      '第五章 戊',
      '第六章 己',
      '己文',
      '第二卷 承',
      '卷首语',
      '第1章 新卷',
      '新卷文',
    ].join('\n');
    const result = await split(Buffer.from(text, 'utf8'));
    expect(result.chapters.map((c) => [c.title, c.volume, c.number, c.from, c.to])).toEqual([
      ['前言', null, null, 0, 2],
      ['第一章 甲', '第一卷 起', 1, 4, 5],
      ['第二章 乙', '第一卷 起', 2, 6, 7],
      ['第二章 乙又', '第一卷 起', 2, 8, 9],
      ['第六章 己', '第一卷 起', 6, 11, 12],
      ['第二卷 承', '第二卷 承', null, 13, 14],
      ['第1章 新卷', '第二卷 承', 1, 15, 16],
    ]);
    expect(result.warnings).toEqual([
      '章节号重复：「第二章 乙又」',
      '第 2 章之后是「第五章 戊」，缺第 3–4 章',
      '「第五章 戊」没有正文，已略去',
    ]);
  });

  it('splits a real-size 2 MB GBK novel into every chapter, titles exact, in well under memory of the file ×20', async () => {
    const novel = makeTxtNovel({ minBytes: 2 * 1024 * 1024, encoding: 'gbk' });
    expect(novel.bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const result = await split(novel.bytes, 64 * 1024);
    expect(result.encoding).toBe('gbk');
    expect(result.chapters[0].title).toBe('前言');
    const chapters = result.chapters.slice(1);
    expect(chapters.length).toBe(novel.titles.length);
    expect(chapters.map((c) => c.title)).toEqual(novel.titles);
    expect(chapters.map((c) => c.excerpt)).toEqual(novel.firstParagraphs.map((p) => p.slice(0, 40)));
    expect(chapters[150]).toMatchObject({ volume: '第二卷 卷2', number: 151 });
    expect(result.warnings).toEqual([]);
    // The split keeps outlines, not text: far less than the decoded book (about 2 MB × 2 bytes a char).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(novel.bytes.length * 20);
  });
});
