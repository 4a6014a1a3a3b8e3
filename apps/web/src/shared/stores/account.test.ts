import { describe, expect, it, vi } from 'vitest';

describe('the persisted account', () => {
  it('is written under ld-account as the app stores it, and read back on start', async () => {
    localStorage.clear();
    vi.resetModules();
    const first = await import('./account');
    first.useAccountStore.getState().setAccount({ ...first.GUEST, uid: '9', token: 't', name: '小蓝' });
    expect(JSON.parse(localStorage.getItem('ld-account') ?? '{}')).toMatchObject({
      state: { account: { uid: '9', name: '小蓝' } },
      version: 1,
    });
    vi.resetModules();
    const again = await import('./account');
    expect(again.useAccountStore.getState().account).toMatchObject({ uid: '9', token: 't', name: '小蓝' });
  });

  it('falls back to a guest on a damaged or foreign value', async () => {
    localStorage.setItem('ld-account', '{not json');
    vi.resetModules();
    const { useAccountStore } = await import('./account');
    expect(useAccountStore.getState().account.uid).toBe('');
    localStorage.setItem('ld-account', JSON.stringify({ state: { account: { uid: 5 } }, version: 1 }));
    vi.resetModules();
    const other = await import('./account');
    expect(other.useAccountStore.getState().account.uid).toBe('');
  });

  it('resets to the guest defaults on logout', async () => {
    vi.resetModules();
    const { useAccountStore, GUEST } = await import('./account');
    useAccountStore.getState().setAccount({ ...GUEST, uid: '1', token: 'x' });
    useAccountStore.getState().reset();
    expect(JSON.parse(localStorage.getItem('ld-account') ?? '{}').state.account).toEqual(GUEST);
  });
});
