import { SmsSendError } from './provider.ts';

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One POST to an SMS vendor within `timeoutMs`. A connection that never opened is a plain
 * failure; a timeout may have reached the vendor, so whether the text went out is unknown.
 */
export async function postSigned(
  provider: string,
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new SmsSendError(
        provider,
        'timeout',
        'unavailable',
        `no answer within ${timeoutMs} ms`,
        'unknown',
      );
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? 'network';
    // Only a connection that never opened surely sent nothing.
    const delivered = NEVER_CONNECTED.has(cause) ? 'no' : 'unknown';
    throw new SmsSendError(provider, cause, 'unavailable', 'the vendor could not be reached', delivered);
  }
}
