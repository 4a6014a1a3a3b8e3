import { describe, expect, it } from 'vitest';
import { loginHref } from '../../../shared/lib/login-redirect';
import { redirectTarget } from './redirect-target';

describe('redirect after login', () => {
  it('returns to a local path', () =>
    expect(redirectTarget('?redirect=%2Fmessage%3Fx%3D1')).toBe('/message?x=1'));
  it('refuses other sites', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
  });
  it('defaults home', () => expect(redirectTarget('')).toBe('/'));
  it('round-trips through the login link', () =>
    expect(redirectTarget(loginHref('/detail/7?tab=gifts').slice('/login'.length))).toBe(
      '/detail/7?tab=gifts',
    ));
});
