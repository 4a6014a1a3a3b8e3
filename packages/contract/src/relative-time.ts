/**
 * Relative time as spec §9 says: under 60 s "N秒前", under an hour "N分钟前", under a day "N小时前",
 * otherwise the date YYYY-MM-DD (Asia/Shanghai); a time in the future reads "刚刚".
 */
export function relativeTime(time: string | number | Date, now: Date = new Date()): string {
  const then = time instanceof Date ? time : new Date(time);
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 0) return '刚刚';
  if (seconds < 60) return `${seconds}秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}小时前`;
  return formatDate(then);
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** YYYY-MM-DD in Asia/Shanghai (no DST there, so a fixed offset is exact). */
export function formatDate(time: Date): string {
  return new Date(time.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD HH:mm in Asia/Shanghai. */
export function formatDateTime(time: string | Date): string {
  const d = new Date(new Date(time).getTime() + SHANGHAI_OFFSET_MS).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

/** Start of the Asia/Shanghai day containing `time`, as epoch ms. */
export function startOfShanghaiDay(time: number): number {
  return Math.floor((time + SHANGHAI_OFFSET_MS) / 86400000) * 86400000 - SHANGHAI_OFFSET_MS;
}
