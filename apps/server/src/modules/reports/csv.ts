import { CHANNEL_CSV_HEADERS, CHANNEL_FIGURES, type ChannelReport } from '@ld/contract/admin/reports';

import { csvDocument } from '../../platform/csv.ts';

// The channel report as a file Excel opens (decision 0062; the file rules in platform/csv.ts).

/** Fen as yuan with two decimals, exactly (no floating point). */
const yuan = (fen: number): string =>
  `${Math.trunc(fen / 100)}.${String(Math.abs(fen % 100)).padStart(2, '0')}`;

const figuresOf = (row: Record<(typeof CHANNEL_FIGURES)[number], number>) =>
  CHANNEL_FIGURES.map((f) => (f === 'paidAmount' ? yuan(row[f]) : row[f]));

export function channelReportCsv(report: ChannelReport): string {
  return csvDocument([
    CHANNEL_CSV_HEADERS,
    ...report.rows.map((r) => [r.day, r.channelId, r.inviteCode, ...figuresOf(r)]),
    ['合计', '', '', ...figuresOf(report.totals)],
  ]);
}
