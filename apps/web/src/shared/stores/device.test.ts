import { beforeEach, describe, expect, it } from 'vitest';
import { captureAttribution, clearInviteCode, getChannelId, getDeviceId, getInviteCode } from './device';

describe('device and attribution', () => {
  beforeEach(() => localStorage.clear());

  it('creates one device id, a 32-char hex UUID without dashes, and keeps it', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getDeviceId()).toBe(id);
  });

  it('takes channel from `code` (default "0") and keeps inviteCode under its own name', () => {
    expect(getChannelId()).toBe('0');
    captureAttribution('?code=ch88&inviteCode=AB12CD34');
    expect(getChannelId()).toBe('ch88');
    expect(localStorage.getItem('inviteCode')).toBe('AB12CD34');
    expect(getInviteCode()).toBe('AB12CD34');
    clearInviteCode();
    expect(getInviteCode()).toBe('');
  });

  it('ignores values that are not codes', () => {
    captureAttribution('?code=%3Cscript%3E');
    expect(getChannelId()).toBe('0');
  });
});
