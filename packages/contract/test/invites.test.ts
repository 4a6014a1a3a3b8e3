import { describe, expect, it } from 'vitest';
import { inviteNote, maskName } from '../src/invites.ts';
import { ledgerText } from '../src/wallet.ts';

describe('invite names and the statement', () => {
  it('keeps the first and last character with at most three stars between', () => {
    expect(maskName('alice')).toBe('a***e');
    expect(maskName('bob')).toBe('b*b');
    expect(maskName('a_very_long_name')).toBe('a***e');
    expect(maskName('游客1234')).toBe('游***4');
    expect(maskName('小蓝')).toBe('小*');
    expect(maskName('x')).toBe('x');
    expect(maskName('  ')).toBe('*');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskName('😀ab😀')).toBe('😀**😀');
  });

  it('reads 邀请奖励：邀请 name in the statement', () => {
    expect(ledgerText('invite', inviteNote(maskName('alice')))).toBe('邀请奖励：邀请 a***e');
  });
});
