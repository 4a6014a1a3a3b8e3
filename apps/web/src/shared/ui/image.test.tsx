import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import { Image } from './image';

describe('images with a broken URL', () => {
  it('show the placeholder instead of the broken glyph, keeping alt text and classes', () => {
    const { rerender } = render(
      <Image className="game-card__icon" src="/uploads/gone.webp" alt="星际远征" />,
    );
    const img = screen.getByRole('img', { name: '星际远征' }) as HTMLImageElement;
    expect(img.className).toBe('game-card__icon');
    fireEvent.error(img);
    expect(img.className).toBe('game-card__icon ld-image--broken');
    expect(img.src).toMatch(/^data:image\/gif/);
    expect(img.dataset.src).toBe('/uploads/gone.webp');

    // A new URL gets its own chance.
    rerender(<Image className="game-card__icon" src="/uploads/new.webp" alt="星际远征" />);
    expect(img.className).toBe('game-card__icon');
    expect(img.getAttribute('src')).toBe('/uploads/new.webp');
  });

  it('an avatar falls back to the first character of the name', () => {
    render(<Avatar src="/uploads/avatars/gone.webp" name="小蓝" />);
    fireEvent.error(screen.getByRole('img', { name: '小蓝的头像' }));
    const fallback = screen.getByRole('img', { name: '小蓝的头像' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('小');
  });
});
