import { WORK_KINDS } from '@ld/contract/content-values';
import { itemPath } from '@ld/contract/home-values';
import { describe, expect, it } from 'vitest';
import { KIND_TABS, workHref } from './kinds';

describe('where a work shows its details', () => {
  it('is where the home and the search link it', () => {
    for (const kind of WORK_KINDS) expect(workHref(kind, 7)).toBe(itemPath(kind, 7));
  });
});

describe('the kind tabs of 阅读记录 and 我的订阅', () => {
  it('offer 全部 and then each kind of work', () => {
    expect(KIND_TABS.map((t) => t.label)).toEqual(['全部', '小说', '漫画', '视频']);
  });
});

describe('where a history or shelf row leads, and what it says', () => {
  it('opens a video in its player, at its second', async () => {
    const { progressText, unitHref, workHref } = await import('./kinds');
    expect(unitHref('video', 7, 7)).toBe('/video/7');
    expect(workHref('video', 7)).toBe('/video/7');
    expect(progressText({ kind: 'video', position: { second: 65.4 }, unitTitle: 'x', percent: 50 })).toBe(
      '看到 1:05',
    );
    expect(
      progressText({ kind: 'novel', position: { paragraph: 1, offset: 0 }, unitTitle: '第3章', percent: 12 }),
    ).toBe('读到 第3章 · 12%');
  });

  it('opens novels and comics on their own pages', async () => {
    const { unitHref, workHref } = await import('./kinds');
    expect(unitHref('novel', 3, 7)).toBe('/readbook/3/7');
    expect(unitHref('comic', 3, 7)).toBe('/comic/3/7');
    expect(workHref('comic', 3)).toBe('/comic/3');
  });
});
