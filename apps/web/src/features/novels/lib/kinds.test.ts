import { CONTENT_LIMITS, WORK_KIND_TEXT, WORK_KINDS, WorkSort } from '@ld/contract/content';
import { describe, expect, it } from 'vitest';
import { KEYWORD_MAX, type ListSort } from '../../../shared/ui/list-header';
import { KIND_TABS } from './kinds';

describe('the contract constants the pages keep without zod', () => {
  it('match the contract', () => {
    expect(KEYWORD_MAX).toBe(CONTENT_LIMITS.keywordMax);
    expect(KIND_TABS.slice(1).map((t) => t.key)).toEqual([...WORK_KINDS]);
    expect(KIND_TABS.slice(1).map((t) => t.label)).toEqual(WORK_KINDS.map((k) => WORK_KIND_TEXT[k]));
    const sorts: ListSort[] = [WorkSort.hot, WorkSort.latest, WorkSort.finished];
    expect(sorts).toEqual([1, 2, 3]);
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
