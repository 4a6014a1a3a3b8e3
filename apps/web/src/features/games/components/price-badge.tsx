import type { Game } from '@ld/contract/games';
import { priceBadge } from '../lib/download-decision';
import './price-badge.css';

/** 免费 / 已购买 / 会员免费 / the price in diamonds. */
export function PriceBadge({ game, isMember }: { game: Game; isMember: boolean }) {
  const badge = priceBadge(game, isMember);
  return <span className={`price-badge price-badge--${badge.kind}`}>{badge.text}</span>;
}
