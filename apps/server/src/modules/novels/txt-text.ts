// Reading an uploaded novel TXT (issue 20 §3, docs/decisions/0059-novels-and-comics-console.md):
// which encoding it is in, and its lines, streamed so a big file is never one string in memory.

/** The bytes of the file, read afresh each call (the file is read twice: detect, then split). */
export type OpenBytes = () => AsyncIterable<Uint8Array>;

export type TxtEncoding = 'utf-8' | 'gbk';

/** Why a file cannot be imported, said so an editor can act on it. */
export class TxtRefusal extends Error {}

/** Longest line taken as a paragraph: a longer one is not prose (a binary or a minified file). */
export const MAX_LINE_CHARS = 20_000;

const isControl = (code: number) =>
  code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c;

/**
 * Decides the encoding: UTF-8 (with or without its BOM) when the whole file decodes as UTF-8,
 * else GBK (GB18030's decoder, a superset) when it decodes as that. A file that is mostly UTF-8
 * with a few bad bytes is refused as damaged rather than read as GBK nonsense: GBK accepts almost
 * any byte pair, so "fails UTF-8, passes GBK" alone would turn a truncated UTF-8 file into noise.
 */
export async function detectEncoding(open: OpenBytes): Promise<TxtEncoding> {
  const utf8 = new TextDecoder('utf-8');
  let bytes = 0;
  let replaced = 0;
  let wide = 0;
  let controls = 0;
  let chars = 0;
  const count = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      chars++;
      if (code === 0xfffd) replaced++;
      else if (code >= 0x2e80) wide++;
      else if (isControl(code)) controls++;
    }
  };
  for await (const chunk of open()) {
    if (bytes === 0 && chunk.length >= 2) {
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new TxtRefusal('文件是 UTF-16 编码，请另存为 UTF-8 或 GBK 后再上传');
      }
    }
    if (chunk.includes(0)) throw new TxtRefusal('文件含有二进制内容（0x00 字节），不是纯文本 TXT');
    bytes += chunk.length;
    count(utf8.decode(chunk, { stream: true }));
  }
  count(utf8.decode());
  if (bytes === 0) throw new TxtRefusal('文件是空的');
  if (controls > Math.max(8, chars / 1000)) {
    throw new TxtRefusal('文件含有大量控制字符，不是纯文本 TXT');
  }
  if (replaced === 0) return 'utf-8';
  if (wide > replaced * 10) {
    throw new TxtRefusal(
      `文件是 UTF-8 编码，但有 ${replaced} 处字节损坏，无法正确读取；请检查文件后重新上传`,
    );
  }
  const gbk = new TextDecoder('gbk', { fatal: true });
  try {
    for await (const chunk of open()) gbk.decode(chunk, { stream: true });
    gbk.decode();
  } catch {
    throw new TxtRefusal('文件既不是 UTF-8 也不是 GBK 编码的文本，无法读取');
  }
  return 'gbk';
}

/**
 * The file's lines, trimmed (ASCII and full-width spaces, the usual paragraph indent), blank ones
 * left out: the paragraphs and headings the splitter reads. `\r\n`, `\n` and `\r` all end a line.
 */
export async function* txtLines(open: OpenBytes, encoding: TxtEncoding): AsyncGenerator<string> {
  // The BOM, if any, is dropped by the decoder.
  const decoder = new TextDecoder(encoding);
  let carry = '';
  let lineNo = 0;
  function* cut(text: string, final: boolean): Generator<string> {
    const all = carry + text;
    let start = 0;
    for (let i = 0; i < all.length; i++) {
      const c = all.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      // A \r at the very end may be the first half of a \r\n split across chunks.
      if (c === 0x0d && i === all.length - 1 && !final) break;
      const line = all.slice(start, i);
      if (c === 0x0d && all.charCodeAt(i + 1) === 0x0a) i++;
      start = i + 1;
      lineNo++;
      yield line;
    }
    carry = all.slice(start);
    if (carry.length > MAX_LINE_CHARS) {
      throw new TxtRefusal(`第 ${lineNo + 1} 行超过 ${MAX_LINE_CHARS} 字，不像小说正文（请检查换行）`);
    }
    if (final && carry !== '') {
      lineNo++;
      yield carry;
      carry = '';
    }
  }
  const tidy = (line: string) => line.replace(/^[\s\u3000\ufeff]+|[\s\u3000]+$/g, '');
  for await (const chunk of open()) {
    for (const line of cut(decoder.decode(chunk, { stream: true }), false)) {
      const text = tidy(line);
      if (text !== '') yield text;
    }
  }
  for (const line of cut(decoder.decode(), true)) {
    const text = tidy(line);
    if (text !== '') yield text;
  }
}
