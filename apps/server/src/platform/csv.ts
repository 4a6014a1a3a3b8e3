// Files Excel opens (decision 0062): UTF-8 with a byte-order mark (without it Excel reads UTF-8 as
// the local code page and Chinese headers turn to noise), CRLF lines, RFC 4180 quoting, and text
// that a spreadsheet would run as a formula defused.

const BOM = '\uFEFF';

/** One CSV field: quoted when it holds a comma, quote or line break; `=+-@` first is made text. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header line and the rows. */
export const csvDocument = (lines: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  `${BOM}${lines.map((cells) => cells.map(field).join(',')).join('\r\n')}\r\n`;
