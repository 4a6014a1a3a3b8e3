import { CURRENCY_NAME } from '../../../shared/lib/brand';

/** The fields of a game the download flow reads (spec §3, DESIGN §6). */
export interface DownloadableGame {
  onlineType: number;
  buyAmount: number;
  memberFree: boolean;
  /** null for a guest. */
  purchased: boolean | null;
}

/** What tapping 立即下载 does (spec §4). */
export type StartStep = 'request' | 'login' | 'confirm';

/** onlineType 0 downloads at once without login; otherwise a guest logs in and a user confirms. */
export function startStep(game: Pick<DownloadableGame, 'onlineType'>, isLoggedIn: boolean): StartStep {
  if (game.onlineType === 0) return 'request';
  return isLoggedIn ? 'confirm' : 'login';
}

/** What the confirm button does (spec §4, §5: insufficient only when the price is strictly greater). */
export type ConfirmStep = 'login' | 'lowBalance' | 'request';

export function confirmStep(price: number, status: { coinNum: number } | null | undefined): ConfirmStep {
  if (!status) return 'login';
  if (price > status.coinNum) return 'lowBalance';
  return 'request';
}

/** Diamonds this user pays: nothing for a free game, a game bought before, or a member (DESIGN §6). */
export function payablePrice(game: DownloadableGame, isMember: boolean): number {
  if (game.onlineType === 0 || game.buyAmount <= 0) return 0;
  if (game.purchased) return 0;
  if (isMember && game.memberFree) return 0;
  return game.buyAmount;
}

export type PriceBadgeKind = 'free' | 'member' | 'purchased' | 'price';

/** The badge on a game: 免费 / 已购买 / 会员免费 (for members) / the price in diamonds. */
export function priceBadge(
  game: DownloadableGame,
  isMember: boolean,
): { kind: PriceBadgeKind; text: string } {
  if (game.onlineType === 0 || game.buyAmount <= 0) return { kind: 'free', text: '免费' };
  if (game.purchased) return { kind: 'purchased', text: '已购买' };
  if (isMember && game.memberFree) return { kind: 'member', text: '会员免费' };
  return { kind: 'price', text: `${game.buyAmount}${CURRENCY_NAME}` };
}
