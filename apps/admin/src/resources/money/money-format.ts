/** A signed diamond change: +88 / -20. */
export const signed = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
