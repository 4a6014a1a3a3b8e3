import { CONTENT_LIMITS, WORK_KIND_TEXT, WORK_KINDS, WorkSort } from '@ld/contract/content';
import { describe, expect, it } from 'vitest';
import { KEYWORD_MAX, KIND_TABS, type NovelSort } from './kinds';

describe('the contract constants the pages keep without zod', () => {
  it('match the contract', () => {
    expect(KEYWORD_MAX).toBe(CONTENT_LIMITS.keywordMax);
    expect(KIND_TABS.slice(1).map((t) => t.key)).toEqual([...WORK_KINDS]);
    expect(KIND_TABS.slice(1).map((t) => t.label)).toEqual(WORK_KINDS.map((k) => WORK_KIND_TEXT[k]));
    const sorts: NovelSort[] = [WorkSort.hot, WorkSort.latest, WorkSort.finished];
    expect(sorts).toEqual([1, 2, 3]);
  });
});

describe('where a shelf row opens', () => {
  it('opens novels and comics on their own pages', async () => {
    const { unitHref, workHref } = await import('./kinds');
    expect(unitHref('novel', 3, 7)).toBe('/readbook/3/7');
    expect(unitHref('comic', 3, 7)).toBe('/comic/3/7');
    expect(workHref('comic', 3)).toBe('/comic/3');
    expect(workHref('video', 3)).toBeNull();
  });
});
