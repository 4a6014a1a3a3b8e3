import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './provider.ts';

/**
 * Writes each text to the log instead of a phone. When the dev inbox is on, it also keeps the
 * latest code per phone so tests and local users can read it from `/api/v1/dev/sms/latest`.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  private readonly inbox = new Map<string, string>();

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly keepInbox: boolean,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    this.log.info({ sms: { phone, text } }, 'sms sent (console provider)');
    if (this.keepInbox) this.inbox.set(phone, text);
  }

  /** The last code sent to `phone`, for the dev inbox only. */
  latestCode(phone: string): string | null {
    return this.inbox.get(phone)?.match(/\d{6}/)?.[0] ?? null;
  }
}
