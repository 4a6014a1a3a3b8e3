import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Cache } from '../cache.ts';
import type { Clock } from '../clock.ts';
import { AliyunSmsProvider } from './aliyun-provider.ts';
import { ConsoleSmsProvider } from './console-provider.ts';
import { FailoverSmsProvider } from './failover-provider.ts';
import type { SmsProvider } from './provider.ts';
import { TencentSmsProvider } from './tencent-provider.ts';

/** The provider chosen by `SMS_PROVIDER`, built once per app (`app.ts`). */
export function createSmsProvider(
  config: Config,
  log: FastifyBaseLogger,
  cache: Cache,
  clock: Clock,
): SmsProvider {
  const { sms } = config;
  if (sms.providers[0] === 'console' || sms.providers.length === 0) {
    return new ConsoleSmsProvider(log, config.devInbox ? cache : null);
  }
  const providers = sms.providers.map((name): SmsProvider => {
    // loadConfig refuses to start without these, so they are here whenever the name is.
    if (name === 'aliyun' && sms.aliyun) return new AliyunSmsProvider(sms.aliyun, clock, sms.timeoutMs);
    if (name === 'tencent' && sms.tencent) return new TencentSmsProvider(sms.tencent, clock, sms.timeoutMs);
    throw new Error(`${name} is listed but not configured`);
  });
  // One provider goes through the same wrapper, so its refusals are logged the same way.
  return new FailoverSmsProvider(providers, log);
}
