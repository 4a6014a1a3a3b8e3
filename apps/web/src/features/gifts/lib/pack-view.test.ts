import { describe, expect, it } from 'vitest';
import { packView } from './pack-view';

const pack = { status: 'open' as const, total: 200, remaining: 50, myCode: null };

describe('packView', () => {
  it('offers 领取 on an open pack with stock, with the share left', () => {
    expect(packView(pack)).toEqual({ code: null, action: 'claim', label: '领取', percentLeft: 25 });
  });

  it('shows the code with 复制 once claimed, from the server or from this claim', () => {
    expect(packView({ ...pack, myCode: 'ABC123' })).toMatchObject({
      code: 'ABC123',
      action: 'copy',
      label: '复制',
    });
    expect(packView({ ...pack, status: 'soldOut', remaining: 0 }, 'XYZ')).toMatchObject({
      code: 'XYZ',
      action: 'copy',
    });
  });

  it('names the states where nothing can be claimed', () => {
    expect(packView({ ...pack, status: 'soldOut', remaining: 0 })).toMatchObject({
      action: 'none',
      label: '已领完',
    });
    expect(packView({ ...pack, status: 'ended' })).toMatchObject({ action: 'none', label: '已过期' });
    expect(packView({ ...pack, status: 'upcoming' })).toMatchObject({ action: 'none', label: '未开始' });
    expect(packView({ ...pack, remaining: 0 })).toMatchObject({
      action: 'none',
      label: '已领完',
      percentLeft: 0,
    });
  });

  it('has an empty bar for a pack without stock figures', () => {
    expect(packView({ ...pack, total: 0, remaining: 0 }).percentLeft).toBe(0);
  });
});
