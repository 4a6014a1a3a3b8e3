/** Characters as a person counts them (an emoji is one), as the server counts them. */
export const charCount = (text: string): number => [...text].length;

/** 99+ style badge text (spec §9: badge cap 99). */
export const badgeText = (count: number, max = 99): string => (count > max ? `${max}+` : String(count));

/** Bytes as 12.3MB / 850KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)}GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** Large counts as 1.2万. */
export function formatCount(n: number): string {
  if (n >= 100_000_000) return `${(n / 100_000_000).toFixed(1)}亿`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1)}万`;
  return String(n);
}

/** Fen to yuan text, ¥6.00. */
export const formatYuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
