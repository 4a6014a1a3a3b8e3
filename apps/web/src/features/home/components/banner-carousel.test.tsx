import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render';
import { AUTOPLAY_MS, BannerCarousel, SWIPE_MS, stepIndex } from './banner-carousel';

const BANNERS = [
  { image: '/banners/invite.svg', alt: '邀请好友，一起领钻', to: '/checkin' },
  { image: '/banners/event.svg', alt: '每日签到，连签有礼', to: '/checkin' },
];

const track = () => document.querySelector<HTMLElement>('.carousel__track')!;
const slides = () => [...document.querySelectorAll<HTMLElement>('.carousel__slide')];
const current = () =>
  screen.getAllByRole('button').findIndex((b) => b.getAttribute('aria-current') === 'true');

describe('the banner carousel', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('links every banner to check-in and slides in 500 ms', () => {
    renderApp(<BannerCarousel banners={BANNERS} />);
    for (const b of BANNERS) {
      expect(screen.getByRole('img', { name: b.alt }).closest('a')?.getAttribute('href')).toBe('/checkin');
    }
    expect(SWIPE_MS).toBe(500);
    expect(track().style.transitionDuration).toBe('500ms');
    expect(track().style.transform).toBe('translateX(calc(0% + 0px))');
  });

  it('turns by itself, wraps around, and shows where it is on the indicators', () => {
    renderApp(<BannerCarousel banners={BANNERS} />);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(current()).toBe(1);
    expect(track().style.transform).toBe('translateX(calc(-100% + 0px))');
    // Only the visible slide can be reached by Tab and screen readers.
    expect(slides().map((s) => s.hasAttribute('inert'))).toEqual([true, false]);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(current()).toBe(0);
  });

  it('goes to the slide of an indicator that is tapped', () => {
    renderApp(<BannerCarousel banners={BANNERS} />);
    fireEvent.click(screen.getByRole('button', { name: '第 2 张：每日签到，连签有礼' }));
    expect(current()).toBe(1);
  });

  it('follows a swipe: left to the next, right back, a short or steep move does nothing', () => {
    renderApp(<BannerCarousel banners={BANNERS} />);
    const swipe = (fromX: number, toX: number, toY = 100) => {
      fireEvent.touchStart(track(), { touches: [{ clientX: fromX, clientY: 100 }] });
      fireEvent.touchMove(track(), { touches: [{ clientX: toX, clientY: toY }] });
      fireEvent.touchEnd(track(), { changedTouches: [{ clientX: toX, clientY: toY }] });
    };
    swipe(300, 100);
    expect(current()).toBe(1);
    swipe(100, 300);
    expect(current()).toBe(0);
    swipe(300, 270);
    expect(current()).toBe(0);
    swipe(300, 200, 260);
    expect(current()).toBe(0);
  });

  it('does not turn while a finger is on it', () => {
    renderApp(<BannerCarousel banners={BANNERS} />);
    fireEvent.touchStart(track(), { touches: [{ clientX: 200, clientY: 100 }] });
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(current()).toBe(0);
    // While dragging the track follows the finger without a transition.
    fireEvent.touchMove(track(), { touches: [{ clientX: 170, clientY: 100 }] });
    expect(track().style.transitionDuration).toBe('0ms');
    expect(track().style.transform).toBe('translateX(calc(0% + -30px))');
  });

  it('steps around both ends', () => {
    expect(stepIndex(1, 1, 2)).toBe(0);
    expect(stepIndex(0, -1, 2)).toBe(1);
    expect(stepIndex(0, 1, 3)).toBe(1);
  });
});
