import { describe, expect, it } from 'vitest';
import { densitySrcSet, sizedUrl } from './image-sizes';

describe('image sizes', () => {
  it('asks the server for 1×, 2× and 3× copies of a stored image', () => {
    expect(densitySrcSet('/uploads/games/1/icon.webp', 76)).toBe(
      '/uploads/games/1/icon.webp?w=96 1x, /uploads/games/1/icon.webp?w=192 2x, /uploads/games/1/icon.webp?w=256 3x',
    );
    expect(densitySrcSet('/uploads/games/1/icon.webp', 20)).toBe(
      '/uploads/games/1/icon.webp?w=48 1x, /uploads/games/1/icon.webp?w=64 3x',
    );
    expect(sizedUrl('/uploads/posts/a.webp', 100)).toBe('/uploads/posts/a.webp?w=128');
  });

  it('leaves other URLs alone', () => {
    expect(densitySrcSet('/banners/invite.svg', 300)).toBeUndefined();
    expect(densitySrcSet('https://cdn.example/a.webp', 300)).toBeUndefined();
    expect(densitySrcSet('/uploads/a.webp?v=2', 300)).toBeUndefined();
    expect(sizedUrl('/banners/invite.svg', 300)).toBe('/banners/invite.svg');
  });
});
