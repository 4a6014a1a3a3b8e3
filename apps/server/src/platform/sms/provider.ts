/** A verification code to deliver. Real providers send `code` (and `minutes`) into an approved template. */
export interface SmsMessage {
  phone: string;
  code: string;
  /** How long the code stays valid. */
  minutes: number;
  /** The whole text, for providers that send free text (the console). */
  text: string;
}

/**
 * Why a send failed, in the terms the user is told:
 * - `invalid-phone`: the number cannot receive texts;
 * - `throttled`: the vendor's own limit for the number;
 * - `unavailable`: anything on our or the vendor's side (balance, keys, sign name, template, network).
 */
export type SmsFailureKind = 'invalid-phone' | 'throttled' | 'unavailable';

/**
 * A provider refused or could not be reached. `vendorCode` is the vendor's own error code (for the
 * log line); `delivered` is `unknown` when the request may have reached the vendor (a timeout).
 */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly vendorCode: string,
    readonly kind: SmsFailureKind,
    message: string,
    readonly delivered: 'no' | 'unknown' = 'no',
  ) {
    super(`${provider} refused the text: ${vendorCode} ${message}`);
    this.name = 'SmsSendError';
  }
}

/** Sends a code to a phone: the console by default, Aliyun and Tencent Cloud behind it. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the vendor accepted the text; throws `SmsSendError` otherwise. */
  send(message: SmsMessage): Promise<void>;
}
