import { type AdminLedgerEntry, LEDGER_CSV_HEADERS } from '@ld/contract/admin/money';
import { csvDocument } from '../../platform/csv.ts';

// A user's ledger as a file finance opens in Excel (decision 0062, "Operator names"): the page's
// columns, times in Beijing time, and an adjustment's operator by name.

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 2026-11-25 08:00:00 for 2026-11-25T00:00:00Z. */
const beijingTime = (iso: string): string =>
  new Date(Date.parse(iso) + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Who made the row: an adjustment's operator, 命令行 for one made from the command line, else blank. */
export const operatorText = (row: AdminLedgerEntry): string =>
  row.reason !== 'admin'
    ? ''
    : row.operatorId === null
      ? '命令行'
      : (row.operatorName ?? `#${row.operatorId}`);

export const ledgerCsv = (rows: AdminLedgerEntry[]): string =>
  csvDocument([
    LEDGER_CSV_HEADERS,
    ...rows.map((r) => [
      beijingTime(r.createTime),
      r.reasonText,
      r.delta,
      r.balanceAfter,
      operatorText(r),
      r.ref,
    ]),
  ]);
