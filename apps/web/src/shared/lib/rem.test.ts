import { describe, expect, it } from 'vitest';
import { containerWidth, isDesktopBrowser, rootFontSize, screenMode } from './rem';

describe('the rem rule', () => {
  it('is 16px at the 375px design width', () => expect(rootFontSize(375)).toBe(16));
  it('scales with the container', () => expect(rootFontSize(390)).toBeCloseTo(16.64, 2));
  it('caps the factor at 2', () => expect(rootFontSize(1000)).toBe(32));
  it('follows the 520px column, not a wide window', () => {
    expect(containerWidth(1440)).toBe(520);
    expect(rootFontSize(containerWidth(1440))).toBeCloseTo(22.19, 2);
  });
});

describe('screen modes', () => {
  it('splits at 768 and 1024', () => {
    expect(screenMode(390)).toBe('mobile');
    expect(screenMode(768)).toBe('mobile');
    expect(screenMode(769)).toBe('tablet');
    expect(screenMode(1024)).toBe('tablet');
    expect(screenMode(1280)).toBe('desktop');
  });
  it('treats phones as not desktop even with a fine pointer', () => {
    expect(isDesktopBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', true)).toBe(false);
    expect(isDesktopBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/156', true)).toBe(true);
    expect(isDesktopBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/156', false)).toBe(false);
  });
});
