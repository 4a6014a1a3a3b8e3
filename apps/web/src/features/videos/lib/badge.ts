import { CURRENCY_NAME } from '../../../shared/lib/brand';

/** What a video's price badge says: VIP (free for members), a price, or nothing for a free video. */
export function priceBadge(video: { vip: boolean; price: number }): { text: string; vip: boolean } | null {
  if (video.vip) return { text: 'VIP', vip: true };
  if (video.price > 0) return { text: `${video.price}${CURRENCY_NAME}`, vip: false };
  return null;
}
