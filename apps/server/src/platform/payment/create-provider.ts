import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { getOrCreateSecret } from '../secrets.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

/** The provider chosen by `PAY_PROVIDER`; only the sandbox exists so far. */
export function createPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  let secret: Promise<string> | null = null;
  const sandboxSecret = () => {
    // Read once per process; a failed read is retried on the next notify instead of being cached.
    secret ??= getOrCreateSecret(db, 'pay.sandbox').catch((error) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  switch (config.payProvider) {
    case 'sandbox':
      return new SandboxPaymentProvider(config.publicUrl, clock, sandboxSecret);
  }
}
