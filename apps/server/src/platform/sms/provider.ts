/** Sends a text to a phone. Real providers (Aliyun, Tencent) plug in behind this. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}
