import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { getOrCreateSecret } from '../secrets.ts';
import { AlipayPaymentProvider } from './alipay-provider.ts';
import type { PaymentProvider, PaymentProviders } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { paymentUrls } from './urls.ts';
import { WechatPaymentProvider } from './wechat-provider.ts';

/** The providers named by `PAY_PROVIDERS`, built once per app (`app.ts`), in that order. */
export function createPaymentProviders(config: Config, db: Db, clock: Clock): PaymentProviders {
  const urls = paymentUrls(config.publicUrl);
  let secret: Promise<string> | null = null;
  const sandboxSecret = () => {
    // Read once per process; a failed read is retried on the next notify instead of being cached.
    secret ??= getOrCreateSecret(db, 'pay.sandbox').catch((error) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  const { payment } = config;
  const list = payment.providers.map((name): PaymentProvider => {
    if (name === 'sandbox') return new SandboxPaymentProvider(config.publicUrl, clock, sandboxSecret);
    // loadConfig refuses to start without these, so they are here whenever the name is.
    if (name === 'alipay' && payment.alipay) return new AlipayPaymentProvider(payment.alipay, urls, clock);
    if (name === 'wechat' && payment.wechat) return new WechatPaymentProvider(payment.wechat, urls, clock);
    throw new Error(`${name} is listed but not configured`);
  });
  const byName = new Map(list.map((provider) => [provider.name, provider]));
  return { list, get: (name) => byName.get(name as PaymentProvider['name']) };
}
