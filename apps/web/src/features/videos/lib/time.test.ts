import { describe, expect, it } from 'vitest';
import { formatDuration, resumeSecond, savedSecond } from './time';

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.9)).toBe('0:07');
    expect(formatDuration(185)).toBe('3:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
  it('treats nonsense as 0', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-4)).toBe('0:00');
  });
});

describe('resumeSecond', () => {
  it('opens at the saved second', () => {
    expect(resumeSecond(4.2, 12)).toBe(4.2);
  });
  it('opens at 0 with nothing saved, or at the very end (watched)', () => {
    expect(resumeSecond(null, 12)).toBe(0);
    expect(resumeSecond(undefined, 12)).toBe(0);
    expect(resumeSecond(0, 12)).toBe(0);
    expect(resumeSecond(58.5, 60)).toBe(0);
    expect(resumeSecond(30, 12)).toBe(0);
  });
  it('keeps the margin to a tenth of a short clip', () => {
    expect(resumeSecond(2.4, 4.02)).toBe(2.4);
    expect(resumeSecond(3.7, 4.02)).toBe(0);
  });
  it('trusts the saved second when the duration is not known yet', () => {
    expect(resumeSecond(30, 0)).toBe(30);
  });
});

describe('savedSecond', () => {
  it('keeps tenths', () => {
    expect(savedSecond(4.26)).toBe(4.3);
    expect(savedSecond(-1)).toBe(0);
    expect(savedSecond(Number.NaN)).toBe(0);
  });
});
