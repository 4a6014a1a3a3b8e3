/** China Standard Time (no daylight saving): the clock of the portal's users. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * 11月20日 10:00 in the reader's clock (Asia/Shanghai for the portal's users). The server render
 * (docs/decisions/0044) cannot know the reader's clock and runs in the host's: it writes
 * Asia/Shanghai's, which the browser's render then replaces with the reader's own.
 */
export function shortDateTime(iso: string): string {
  const at = new Date(iso);
  const d = import.meta.env.SSR ? new Date(at.getTime() + SHANGHAI_OFFSET_MS) : at;
  const [month, date, hours, minutes] = import.meta.env.SSR
    ? [d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
    : [d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  return `${month + 1}月${date}日 ${hh}:${mm}`;
}

export const windowText = (start: string, end: string) => `${shortDateTime(start)} - ${shortDateTime(end)}`;
