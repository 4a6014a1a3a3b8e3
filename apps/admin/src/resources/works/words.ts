/** The two kinds of work the console edits, by their resource (and API path) names. */
export type WorkResource = 'novels' | 'comics';

/** What each kind calls things on its pages. */
export const WORK_WORDS: Record<
  WorkResource,
  { name: string; unit: string; units: string; size: string; empty: string }
> = {
  novels: { name: '小说', unit: '章', units: '章节', size: '字数', empty: '还没有章节：上传 TXT 导入' },
  comics: { name: '漫画', unit: '话', units: '话', size: '页数', empty: '还没有话：上传页面图片新增一话' },
};
