/**
 * The addresses providers are given, absolute under PUBLIC_URL (the vendors call them from
 * outside). The notify paths are fixed by name so operators can register them with the vendors.
 */
export interface PaymentUrls {
  notify(provider: string): string;
  /** Where the browser comes back after paying (or giving up) at the provider. */
  return(orderId: string): string;
  /** Where a buyer who leaves the checkout lands. */
  quit(): string;
}

export function paymentUrls(publicUrl: string): PaymentUrls {
  return {
    notify: (provider) => `${publicUrl}/api/v1/pay/notify/${provider}`,
    return: (orderId) => `${publicUrl}/api/v1/pay/return/${encodeURIComponent(orderId)}`,
    quit: () => `${publicUrl}/recharge`,
  };
}
