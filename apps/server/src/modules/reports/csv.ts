import { CHANNEL_CSV_HEADERS, CHANNEL_FIGURES, type ChannelReport } from '@ld/contract/admin/reports';

// The channel report as a file Excel opens (decision 0062): UTF-8 with a byte-order mark (without
// it Excel reads UTF-8 as the local code page and the Chinese headers turn to noise), CRLF lines,
// RFC 4180 quoting, and text that a spreadsheet would run as a formula defused.

const BOM = '\uFEFF';

/** One CSV field: quoted when it holds a comma, quote or line break; `=+-@` first is made text. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Fen as yuan with two decimals, exactly (no floating point). */
const yuan = (fen: number): string =>
  `${Math.trunc(fen / 100)}.${String(Math.abs(fen % 100)).padStart(2, '0')}`;

const figuresOf = (row: Record<(typeof CHANNEL_FIGURES)[number], number>) =>
  CHANNEL_FIGURES.map((f) => (f === 'paidAmount' ? yuan(row[f]) : row[f]));

export function channelReportCsv(report: ChannelReport): string {
  const lines = [
    CHANNEL_CSV_HEADERS,
    ...report.rows.map((r) => [r.day, r.channelId, r.inviteCode, ...figuresOf(r)]),
    ['合计', '', '', ...figuresOf(report.totals)],
  ];
  return `${BOM}${lines.map((cells) => cells.map(field).join(',')).join('\r\n')}\r\n`;
}
