import { describe, expect, it } from 'vitest';
import { detectPlatform, visitFromSearch } from './detect-platform';

describe('detectPlatform', () => {
  it('tells iOS from Android', () => {
    expect(
      detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15'),
    ).toBe('ios');
    expect(
      detectPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile'),
    ).toBe('android');
  });

  it('counts an iPad that reports itself as a Mac as iOS, and a desktop as neither', () => {
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(
      'other',
    );
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126')).toBe('other');
  });
});

describe('visitFromSearch', () => {
  it('reads the channel from code (default "0") and the invite code', () => {
    expect(visitFromSearch('?code=ch42&inviteCode=AB12')).toEqual({ channelID: 'ch42', inviteCode: 'AB12' });
    expect(visitFromSearch('')).toEqual({ channelID: '0', inviteCode: '' });
  });
});
