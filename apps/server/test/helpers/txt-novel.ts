import { chapterTitle, composeChapter } from '../../src/modules/novels/prose.ts';

// A novel as a TXT file, for the import tests, the e2e run and the bench: chapters of the demo
// prose under 第…章 headings in the numeral styles real files use, volumes every 100 chapters, in
// UTF-8 or GBK. Node decodes GBK but has no encoder, so one is built from its decoder.

let gbkTable: Map<string, number[]> | null = null;

/** Each character GBK can hold → its two bytes, read off Node's own GBK decoder. */
function gbkTableOf(): Map<string, number[]> {
  if (gbkTable) return gbkTable;
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('gbk');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  gbkTable = table;
  return table;
}

/** Encodes text as GBK; a character GBK cannot hold is an error. */
export function encodeGbk(text: string): Buffer {
  const table = gbkTableOf();
  const out = Buffer.alloc(text.length * 2);
  let n = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) {
      out[n++] = code;
      continue;
    }
    const bytes = table.get(char);
    if (!bytes) throw new Error(`not in GBK: ${char} (U+${code.toString(16)})`);
    out[n++] = bytes[0];
    out[n++] = bytes[1];
  }
  return out.subarray(0, n);
}

const DIGITS = '零一二三四五六七八九';

/** 12 → 十二, 101 → 一百零一, 2345 → 二千三百四十五 (up to 9999). */
export function chineseNumeral(n: number): string {
  if (n < 10) return DIGITS[n];
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  const parts: string[] = [];
  const units = ['千', '百', '十', ''];
  const digits = String(n).padStart(4, '0').split('').map(Number);
  let zero = false;
  for (const [i, d] of digits.entries()) {
    if (d === 0) {
      if (parts.length > 0) zero = true;
      continue;
    }
    if (zero) parts.push('零');
    zero = false;
    parts.push(DIGITS[d] + units[i]);
  }
  return parts.join('');
}

export interface TxtNovel {
  bytes: Buffer;
  /** Every chapter's title as the splitter should propose it, in order. */
  titles: string[];
  /** The first paragraph of every chapter. */
  firstParagraphs: string[];
}

/**
 * A TXT novel of at least `minBytes` in `encoding`: a preface (book name and author), then
 * chapters titled 第X章 name, the numeral Chinese for odd volumes and Arabic for even ones, a
 * 第X卷 line before every 100 chapters, paragraphs indented with two full-width spaces and
 * separated by blank lines, CRLF line ends.
 */
export function makeTxtNovel(options: {
  minBytes: number;
  encoding: 'utf-8' | 'gbk';
  seed?: number;
  bom?: boolean;
}): TxtNovel {
  const seed = options.seed ?? 7;
  const encode = (text: string) => (options.encoding === 'gbk' ? encodeGbk(text) : Buffer.from(text, 'utf8'));
  const parts: Buffer[] = [];
  if (options.bom) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  parts.push(encode('《测试长篇》\r\n作者：导入测试\r\n\r\n'));
  let size = parts.reduce((n, p) => n + p.length, 0);
  const titles: string[] = [];
  const firstParagraphs: string[] = [];
  for (let idx = 1; size < options.minBytes; idx++) {
    const volume = Math.floor((idx - 1) / 100) + 1;
    let text = '';
    if (idx % 100 === 1) text += `第${chineseNumeral(volume)}卷 卷${volume}\r\n\r\n`;
    const number = volume % 2 === 1 ? chineseNumeral(idx) : String(idx);
    const title = `第${number}章 ${chapterTitle(seed, idx).replace(/^第\d+章 /, '')}`;
    titles.push(title);
    const paragraphs = composeChapter(seed, idx);
    firstParagraphs.push(paragraphs[0]);
    text += `${title}\r\n\r\n${paragraphs.map((p) => `\u3000\u3000${p}`).join('\r\n\r\n')}\r\n\r\n`;
    const bytes = encode(text);
    parts.push(bytes);
    size += bytes.length;
  }
  return { bytes: Buffer.concat(parts), titles, firstParagraphs };
}
