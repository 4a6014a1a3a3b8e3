import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  TOTP_STEP_MS,
} from '../src/platform/totp.ts';

// platform/totp.ts against the RFCs' own test vectors, and the window and replay rules.
describe('TOTP (RFC 6238)', () => {
  const rfcSecret = Buffer.from('12345678901234567890');

  it('computes RFC 4226 Appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(rfcSecret, counter))).toEqual(expected);
  });

  it('matches RFC 6238 Appendix B times (SHA1, last 6 of the 8 digits)', () => {
    const secret = base32Encode(rfcSecret);
    expect(base32Decode(secret)).toEqual(rfcSecret);
    const vectors: Array<[number, string]> = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ];
    for (const [seconds, code] of vectors) {
      expect(matchTotp(secret, code, seconds * 1000, null), String(seconds)).toBe(Math.floor(seconds / 30));
    }
  });

  it('accepts one step of drift either way, not two, and never a step already used', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    const now = 1_800_000_000_000;
    const step = Math.floor(now / TOTP_STEP_MS);
    const codeAt = (s: number) => hotp(base32Decode(secret), s);
    expect(matchTotp(secret, codeAt(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), now, null)).toBeNull();
    expect(matchTotp(secret, codeAt(step), now, step)).toBeNull();
    expect(matchTotp(secret, codeAt(step), now, step - 1)).toBe(step);
  });
});
