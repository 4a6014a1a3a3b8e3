import { MAX_IMAGE_BYTES } from '@ld/contract/defaults';
import { SensitiveWordMatcher } from '@ld/contract/sensitive-words';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_COUNT_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  imageFileProblem,
  pickImages,
  postFormProblems,
} from './post-form';

const ok = { content: '今天抽到了金色传说', tagId: 1, images: [], sensitiveWords: [] };
const file = (name: string, type = 'image/png', size = 1000) => ({ name, type, size });

describe('post form', () => {
  it('allows a filled form', () => {
    expect(postFormProblems(ok)).toEqual([]);
  });

  it('needs text and a tag', () => {
    expect(postFormProblems({ ...ok, content: '   ', tagId: null })).toEqual([
      '请填写帖子内容',
      '请选择话题',
    ]);
  });

  it('counts characters up to 2000 and says how many to cut', () => {
    expect(postFormProblems({ ...ok, content: '字'.repeat(2000) })).toEqual([]);
    expect(postFormProblems({ ...ok, content: '字'.repeat(2003) })).toEqual([
      '帖子内容最多 2000 字，请删减 3 字',
    ]);
    expect(postFormProblems({ ...ok, content: '😀'.repeat(2000) })).toEqual([]);
  });

  it('names the sensitive words found by the shared matcher', () => {
    const matcher = new SensitiveWordMatcher(['赌博', '代练']);
    const content = '承接代 练，欢迎赌博';
    const problems = postFormProblems({ ...ok, content, sensitiveWords: matcher.findWords(content) });
    expect(problems).toEqual(['内容包含敏感词：代练、赌博，请修改后再发布']);
  });

  it('waits for uploads and refuses failed ones', () => {
    expect(postFormProblems({ ...ok, images: [{ status: 'done' }, { status: 'uploading' }] })).toEqual([
      '图片还在上传，请稍候',
    ]);
    expect(postFormProblems({ ...ok, images: [{ status: 'failed' }] })).toEqual([
      '有图片上传失败，请重试或移除',
    ]);
  });

  it('refuses non-images and files over 5 MB', () => {
    expect(imageFileProblem(file('a.pdf', 'application/pdf'))).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe(IMAGE_SIZE_MESSAGE);
    expect(imageFileProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES))).toBeNull();
  });

  it('takes at most 9 images in all', () => {
    const picked = pickImages(7, [file('1.png'), file('2.png'), file('3.png'), file('4.txt', 'text/plain')]);
    expect(picked.accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(picked.messages).toEqual([IMAGE_COUNT_MESSAGE, `4.txt：${IMAGE_TYPE_MESSAGE}`]);
  });
});
