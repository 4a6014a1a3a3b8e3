import { local } from '../lib/local';

// Keys the spec names (§3): the device id is a random UUID without dashes; the channel code comes
// from the `code` query parameter and becomes channelID; inviteCode is kept under its own name.
const DEVICE_KEY = 'deviceID';
const CHANNEL_KEY = 'channelID';
export const INVITE_KEY = 'inviteCode';
export const DEFAULT_CHANNEL = '0';

export function newDeviceId(): string {
  // randomUUID needs a secure context (https or localhost); getRandomValues does not.
  if (window.isSecureContext && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device id, created once; null when storage and crypto both fail (the SDK init then fails). */
export function getDeviceId(): string | null {
  const stored = local.get(DEVICE_KEY);
  if (stored) return stored;
  try {
    const id = newDeviceId();
    local.set(DEVICE_KEY, id);
    return id;
  } catch {
    return null;
  }
}

/** Reads `code` and `inviteCode` from the address and keeps them (a later visit without them keeps the first). */
export function captureAttribution(search: string): void {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  if (code && /^[\w-]{1,32}$/.test(code)) local.set(CHANNEL_KEY, code);
  const invite = query.get('inviteCode');
  if (invite && /^[\w-]{1,32}$/.test(invite)) local.set(INVITE_KEY, invite);
}

export const getChannelId = (): string => local.get(CHANNEL_KEY) ?? DEFAULT_CHANNEL;
export const getInviteCode = (): string => local.get(INVITE_KEY) ?? '';
export const clearInviteCode = (): void => local.remove(INVITE_KEY);
