// Recharge orders' plain values, without zod, for the web's pages (`wallet.ts` holds the schemas).

export const orderStatuses = ['created', 'paid', 'credited', 'closed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  created: '待支付',
  paid: '已支付，到账中',
  credited: '已到账',
  closed: '已关闭',
};
/** Orders not paid within this time close (DESIGN §7). */
export const ORDER_TTL_MS = 30 * 60 * 1000;
