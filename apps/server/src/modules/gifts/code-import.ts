import { GIFT_CODE_PATTERN, type ImportCodesBody, MAX_CODES_PER_IMPORT } from '@ld/contract/admin/gift-packs';
import { badInput } from '../../platform/errors.ts';

// The codes of an import (pasted lines or a CSV file's text), or a 400 on `text` that says which
// line is wrong and why; nothing is written before the whole text has been read.

/** Header names of the code column, compared in lower case. */
const CODE_HEADERS = new Set(['code', 'codes', '兑换码', '礼包码', '激活码', 'cdkey']);

const refuse = (line: number, why: string) => badInput('text', `第 ${line} 行：${why}`);

function checkCode(code: string, line: number): string {
  if (!GIFT_CODE_PATTERN.test(code)) {
    const shown = code.length > 40 ? `${code.slice(0, 40)}…` : code;
    throw refuse(line, `兑换码「${shown}」须为 4-32 位字母、数字、- 或 _`);
  }
  return code;
}

function fromLines(text: string): Array<{ code: string; line: number }> {
  const codes: Array<{ code: string; line: number }> = [];
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const code = raw.trim();
    if (code) codes.push({ code: checkCode(code, i + 1), line: i + 1 });
  });
  return codes;
}

/** RFC 4180 rows with the line each starts on; a quote left open or text after a closing quote is refused. */
export function parseCsv(text: string): Array<{ cells: string[]; line: number }> {
  const rows: Array<{ cells: string[]; line: number }> = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quotedFrom = 0;
  let inQuotes = false;
  let afterQuote = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== '') rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  while (i < text.length) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        afterQuote = true;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      rowLine = line;
    } else if (c === '"') {
      if (cell.trim() !== '' || afterQuote) throw refuse(line, '引号位置不对：引号只能包住整个单元格');
      cell = '';
      inQuotes = true;
      quotedFrom = line;
    } else {
      if (afterQuote && c !== ' ' && c !== '\t') throw refuse(line, '右引号后面还有文字，请检查引号是否成对');
      cell += c;
    }
    i++;
  }
  if (inQuotes) throw refuse(quotedFrom, '引号没有闭合，请检查该行的引号是否成对');
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

function fromCsv(text: string): Array<{ code: string; line: number }> {
  const rows = parseCsv(text);
  if (rows.length === 0) throw badInput('text', 'CSV 文件里没有兑换码');
  const header = rows[0].cells.map((c) => c.trim().toLowerCase());
  let column = header.findIndex((h) => CODE_HEADERS.has(h));
  let body = rows.slice(1);
  if (column === -1) {
    if (header.length > 1) {
      throw refuse(rows[0].line, '找不到兑换码列：表头须有 code、兑换码 或 礼包码 一列');
    }
    // One column without a header: every row is a code.
    column = 0;
    body = rows;
  }
  const width = rows[0].cells.length;
  return body.map((row) => {
    if (row.cells.length !== width) {
      throw refuse(row.line, `有 ${row.cells.length} 列，与第 ${rows[0].line} 行的 ${width} 列不一致`);
    }
    const code = row.cells[column].trim();
    if (!code) throw refuse(row.line, '兑换码为空');
    return { code: checkCode(code, row.line), line: row.line };
  });
}

/** The codes of the import in file order (duplicates kept: the caller counts them). */
export function codesOf(body: ImportCodesBody): string[] {
  const text = body.text.replace(/^\uFEFF/, '');
  const codes = body.format === 'csv' ? fromCsv(text) : fromLines(text);
  if (codes.length === 0) throw badInput('text', '没有找到兑换码：每行一个');
  if (codes.length > MAX_CODES_PER_IMPORT) {
    throw badInput(
      'text',
      `一次最多导入 ${MAX_CODES_PER_IMPORT} 个兑换码，这次有 ${codes.length} 个，请分批导入`,
    );
  }
  return codes.map((c) => c.code);
}
