import type { FastifyBaseLogger } from 'fastify';
import { type SmsFailureKind, type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

/** 138****8000: enough for an operator to match a complaint, not a list of numbers. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2');

const WORST_FIRST: SmsFailureKind[] = ['invalid-phone', 'throttled', 'unavailable'];

/**
 * Tries the providers in order (`SMS_PROVIDER=aliyun,tencent`): the next one when a provider fails
 * or times out. A number the vendor calls invalid is invalid everywhere, so that stops the round.
 * Every failure is a warn line with the vendor's code; the phone is masked.
 */
export class FailoverSmsProvider implements SmsProvider {
  readonly name: string;

  constructor(
    private readonly providers: SmsProvider[],
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.name = providers.map((p) => p.name).join(',');
  }

  async send(message: SmsMessage): Promise<void> {
    const failures: SmsSendError[] = [];
    for (const provider of this.providers) {
      try {
        await provider.send(message);
        return;
      } catch (error) {
        const failure =
          error instanceof SmsSendError
            ? error
            : new SmsSendError(
                provider.name,
                'exception',
                'unavailable',
                (error as Error).message,
                'unknown',
              );
        failures.push(failure);
        this.log.warn(
          {
            smsProvider: failure.provider,
            vendorCode: failure.vendorCode,
            kind: failure.kind,
            delivered: failure.delivered,
            phone: maskPhone(message.phone),
          },
          'sms provider refused the text',
        );
        if (failure.kind === 'invalid-phone') break;
      }
    }
    const kind = WORST_FIRST.find((k) => failures.some((f) => f.kind === k)) ?? 'unavailable';
    const delivered = failures.some((f) => f.delivered === 'unknown') ? 'unknown' : 'no';
    throw new SmsSendError(
      this.name,
      failures.map((f) => `${f.provider}:${f.vendorCode}`).join(','),
      kind,
      'every provider failed',
      delivered,
    );
  }
}
