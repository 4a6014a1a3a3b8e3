import type { GiftPack } from '@ld/contract/gifts';
import { GIFT_PACK_STATUS_TEXT, type GiftPackStatus } from '@ld/contract/gifts-values';

export type PackAction = 'copy' | 'claim' | 'none';

export interface PackView {
  /** The caller's code once claimed, otherwise null. */
  code: string | null;
  action: PackAction;
  /** Button text (领取) or the state label (已领完 / 已过期 / 未开始). */
  label: string;
  /** Share of the stock still left, 0–100, for the progress bar. */
  percentLeft: number;
}

/** What a gift pack card shows: a claimed code wins over every other state. */
export function packView(
  pack: Pick<GiftPack, 'status' | 'total' | 'remaining' | 'myCode'>,
  claimedCode: string | null = null,
): PackView {
  const code = claimedCode ?? pack.myCode;
  const percentLeft = pack.total > 0 ? Math.round((Math.max(0, pack.remaining) / pack.total) * 100) : 0;
  if (code) return { code, action: 'copy', label: '复制', percentLeft };
  if (pack.status === 'open' && pack.remaining > 0)
    return { code: null, action: 'claim', label: GIFT_PACK_STATUS_TEXT.open, percentLeft };
  const status: GiftPackStatus = pack.status === 'open' ? 'soldOut' : pack.status;
  return { code: null, action: 'none', label: GIFT_PACK_STATUS_TEXT[status], percentLeft };
}
