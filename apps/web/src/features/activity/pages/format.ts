/** 11月20日 10:00 in the reader's clock (Asia/Shanghai for the portal's users). */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${d.getMonth() + 1}月${d.getDate()}日 ${hh}:${mm}`;
}

export const windowText = (start: string, end: string) => `${shortDateTime(start)} - ${shortDateTime(end)}`;
