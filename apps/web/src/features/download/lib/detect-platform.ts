export type DevicePlatform = 'ios' | 'android' | 'other';

/** iOS (including iPadOS that reports itself as a Mac with touch) or Android; anything else shows both. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** Channel and invite code of this visit, from the address (`code` becomes the channel, default "0"). */
export function visitFromSearch(search: string): { channelID: string; inviteCode: string } {
  const query = new URLSearchParams(search);
  const code = query.get('code')?.trim();
  return { channelID: code || '0', inviteCode: query.get('inviteCode')?.trim() ?? '' };
}
