import { SQUARE_LIMITS, SquareSort } from '@ld/contract/square';
import { describe, expect, it } from 'vitest';
import { COMMENT_CONTENT_MAX } from '../../../shared/comments/limits';
import { charCount } from '../../../shared/lib/format';
import { KEYWORD_MAX, POST_CONTENT_MAX, POST_IMAGES_MAX, SORT_HOT, SORT_LATEST } from './limits';

describe('square limits', () => {
  it('match the contract the server enforces', () => {
    expect(POST_CONTENT_MAX).toBe(SQUARE_LIMITS.postContentMax);
    expect(COMMENT_CONTENT_MAX).toBe(SQUARE_LIMITS.commentContentMax);
    expect(POST_IMAGES_MAX).toBe(SQUARE_LIMITS.imagesMax);
    expect(KEYWORD_MAX).toBe(SQUARE_LIMITS.keywordMax);
    expect([SORT_HOT, SORT_LATEST]).toEqual([SquareSort.hot, SquareSort.latest]);
  });

  it('counts an emoji as one character', () => {
    expect(charCount('赞👍')).toBe(2);
  });
});
