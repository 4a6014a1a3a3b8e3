/** China Standard Time (no daylight saving): the clock of the portal's users. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * 11月20日 10:00 on the portal's clock (Asia/Shanghai, its users'): the same on the server, which
 * runs on the host's clock, and in the browser that hydrates its markup
 * (docs/decisions/0050-one-rendering-path.md).
 */
export function shortDateTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS);
  const [month, date, hours, minutes] = [d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  return `${month + 1}月${date}日 ${hh}:${mm}`;
}

export const windowText = (start: string, end: string) => `${shortDateTime(start)} - ${shortDateTime(end)}`;
