/** ¥6 or ¥6.50 from fen, in integer arithmetic so money is never rounded by floating point. */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const cents = abs % 100;
  return `${sign}¥${Math.floor(abs / 100)}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** A ledger delta with its sign: +330, -300, 0. */
export const deltaText = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
