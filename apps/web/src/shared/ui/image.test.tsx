import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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

  it('a broken sized image drops its srcset, so the placeholder stays', () => {
    render(<Image src="/uploads/gone.webp" alt="星际远征" displayWidth={64} width={64} height={64} />);
    const img = screen.getByRole('img', { name: '星际远征' }) as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.src).toMatch(/^data:image\/gif/);
    expect(img.dataset.src).toBe('/uploads/gone.webp');
  });

  it('an avatar falls back to the first character of the name', () => {
    render(<Avatar src="/uploads/avatars/gone.webp" name="小蓝" />);
    fireEvent.error(screen.getByRole('img', { name: '小蓝的头像' }));
    const fallback = screen.getByRole('img', { name: '小蓝的头像' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('小');
  });
});

describe('image sizes and loading', () => {
  it('asks for a stored image at its displayed width, with 2× and 3× copies, and keeps its box', () => {
    render(
      <Image src="/uploads/games/1/icon.webp" alt="星海远征" displayWidth={76} width={76} height={76} />,
    );
    const img = screen.getByRole('img', { name: '星海远征' });
    expect(img.getAttribute('src')).toBe('/uploads/games/1/icon.webp?w=96');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/games/1/icon.webp?w=96 1x, /uploads/games/1/icon.webp?w=192 2x, /uploads/games/1/icon.webp?w=256 3x',
    );
    expect(img.getAttribute('width')).toBe('76');
    expect(img.getAttribute('height')).toBe('76');
  });

  it('waits until it nears the screen and decodes aside, unless it is the first image of the page', () => {
    render(
      <>
        <Image src="/uploads/games/2/icon.webp" alt="其他" displayWidth={64} />
        <Image src="/uploads/games/1/icon.webp" alt="首个" displayWidth={64} priority />
      </>,
    );
    const other = screen.getByRole('img', { name: '其他' });
    expect(other.getAttribute('loading')).toBe('lazy');
    expect(other.getAttribute('fetchpriority')).toBeNull();
    expect(other.getAttribute('decoding')).toBe('async');
    const first = screen.getByRole('img', { name: '首个' });
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    // Painted with the frame it is ready for, not a frame later.
    expect(first.getAttribute('decoding')).toBe('sync');
  });

  it('leaves images the server does not resize as they are', () => {
    render(<Image src="/banners/invite.svg" alt="邀请好友" displayWidth={345} />);
    const img = screen.getByRole('img', { name: '邀请好友' });
    expect(img.getAttribute('src')).toBe('/banners/invite.svg');
    expect(img.getAttribute('srcset')).toBeNull();
  });
});

describe('an image that failed before hydration', () => {
  it('shows the placeholder when the page saw it fail before React listened (app/early-events-boot.js)', async () => {
    const element = <Image src="/uploads/posts/gone.webp" alt="帖子图片" displayWidth={100} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const failed = new WeakSet<HTMLImageElement>([container.querySelector('img') as HTMLImageElement]);
    (window as { __ldFailedImages?: WeakSet<HTMLImageElement> }).__ldFailedImages = failed;
    await act(async () => {
      hydrateRoot(container, element);
    });
    const img = container.querySelector('img');
    expect(img?.className).toContain('ld-image--broken');
    container.remove();
    delete (window as { __ldFailedImages?: unknown }).__ldFailedImages;
  });
});
