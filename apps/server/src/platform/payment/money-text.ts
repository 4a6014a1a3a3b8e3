/** 3000 fen as the providers write yuan: `30.00`. Integer arithmetic only; money is exact. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** `30.00`, `30.5` or `30` yuan as fen; null for anything else (never rounded, never a float). */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Beijing time as `yyyy-MM-dd HH:mm:ss`, the form Alipay reads and writes. */
export function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing) as epoch ms; null when it is not that form. */
export function parseBeijingTime(text: string | undefined): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? null : ms;
}

/** RFC 3339 in Beijing time (`2026-11-22T12:30:00+08:00`), the form WeChat Pay reads. */
export function beijingRfc3339(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000 + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
