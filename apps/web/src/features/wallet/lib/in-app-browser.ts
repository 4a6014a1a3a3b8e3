import type { PayMethod } from '@ld/contract/wallet';

/** WeChat's own browser (its user agent says MicroMessenger), where H5 payment pages do not open. */
export const isWechatBrowser = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

/**
 * The methods that work in this browser. Inside WeChat neither WeChat Pay's H5 page (WeChat
 * refuses it there; it wants its in-app JSAPI payment) nor Alipay (WeChat blocks its pages)
 * opens, so only the sandbox, which is our own page, stays.
 */
export function usableMethods(methods: PayMethod[], userAgent: string): PayMethod[] {
  if (!isWechatBrowser(userAgent)) return methods;
  return methods.filter((m) => m.provider === 'sandbox');
}
