import type { FastifyBaseLogger } from 'fastify';
import type { Cache } from '../cache.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/** Longer than a code lives (5 minutes), so the inbox never drops a code that still works. */
const INBOX_TTL_MS = 10 * 60 * 1000;

/**
 * Writes each text to the log instead of a phone. When the dev inbox is on, it also keeps the
 * latest code per phone so tests and local users can read it from `/api/v1/dev/sms/latest`; the
 * inbox lives in the shared cache, so any process can answer for a code another one sent.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    /** The dev inbox, or null when it is off. */
    private readonly inbox: Cache | null,
  ) {}

  async send({ phone, text }: SmsMessage): Promise<void> {
    this.log.info({ sms: { phone, text } }, 'sms sent (console provider)');
    await this.inbox?.set(`sms-inbox:${phone}`, text, INBOX_TTL_MS);
  }

  /** The last code sent to `phone`, for the dev inbox only. */
  async latestCode(phone: string): Promise<string | null> {
    const text = await this.inbox?.get(`sms-inbox:${phone}`);
    return text?.match(/\d{6}/)?.[0] ?? null;
  }
}
