/** Fen as ¥6.00, exactly (the console's own copy of the portal's formatter; the contract's pulls in zod schemas). */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A signed diamond change: +88 / -20. */
export const signed = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
