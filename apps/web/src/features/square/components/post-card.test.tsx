import type { Post } from '@ld/contract/square';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render';
import { PostCard } from './post-card';

const XSS = '<img src=x onerror=alert(1)>';

const post = (over: Partial<Post> = {}): Post => ({
  id: 5,
  uid: '9',
  author: { uid: '9', name: '<b>小蓝</b>', avatar: null },
  tag: { id: 1, tag: '闲聊' },
  content: `第一行\n${XSS}`,
  images: [],
  likeCount: 3,
  commentCount: 2,
  liked: false,
  isMine: false,
  followed: false,
  createTime: new Date(Date.now() - 90_000).toISOString(),
  ...over,
});

describe('PostCard', () => {
  it('renders an HTML payload in the text and the name as text', () => {
    const { container } = renderApp(<PostCard post={post()} onToggleLike={() => {}} />);
    expect(screen.getByText(XSS, { exact: false })).toBeTruthy();
    expect(container.querySelector('.post-card__text')?.textContent).toBe(`第一行\n${XSS}`);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('<b>小蓝</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('1分钟前')).toBeTruthy();
  });

  it('lays images out lazily with alt text and reports a like tap', async () => {
    const onToggleLike = vi.fn();
    const images = ['/uploads/posts/a.webp', '/uploads/posts/b.webp', '/uploads/posts/c.webp'];
    const { container, user } = renderApp(<PostCard post={post({ images })} onToggleLike={onToggleLike} />);
    const shown = screen.getAllByRole('img', { name: /的帖子图片/ });
    expect(shown).toHaveLength(3);
    for (const img of shown) expect(img.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('.image-grid--cols-3')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /点赞帖子，3 个赞/ }));
    expect(onToggleLike).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('asks for images at their cell size, and the first post loads its first image at once', () => {
    const images = ['/uploads/posts/a.webp', '/uploads/posts/b.webp', '/uploads/posts/c.webp'];
    renderApp(<PostCard post={post({ images })} onToggleLike={() => {}} priority />);
    const [first, second] = screen.getAllByRole('img', { name: /的帖子图片/ });
    expect(first.getAttribute('src')).toBe('/uploads/posts/a.webp?w=128');
    expect(first.getAttribute('srcset')).toBe(
      '/uploads/posts/a.webp?w=128 1x, /uploads/posts/a.webp?w=256 2x, /uploads/posts/a.webp?w=384 3x',
    );
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('fetchpriority')).toBeNull();
  });
});
