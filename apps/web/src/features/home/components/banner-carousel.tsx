import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { Link } from '../../../shared/ui/link';
import './banner-carousel.css';

/** Slide transition (issue 10 §1: swipe duration 500 ms) and the autoplay interval. */
export const SWIPE_MS = 500;
export const AUTOPLAY_MS = 4000;

export interface Banner {
  image: string;
  alt: string;
  to: string;
}

/** Sideways moves shorter than this (px), or steeper than 30°, are scrolling, not a swipe. */
const SWIPE_MIN_PX = 60;

/**
 * 1 (to the next slide: the finger moved left), -1 (back) or 0 for a touch that moved dx, dy.
 * (shared/hooks/use-swipe.ts has the same rule for tabs; kept here so the home's first load is
 * one chunk instead of two.)
 */
export function swipeOf(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dy) > Math.abs(dx) * Math.tan(Math.PI / 6)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The slide after `index` by `step`, wrapping around. */
export const stepIndex = (index: number, step: number, count: number): number =>
  (((index + step) % count) + count) % count;

/**
 * The home banners: one slide at a time, sliding in SWIPE_MS, turning every AUTOPLAY_MS (paused
 * while a finger is on it or the tab is hidden), swiped by hand, with one indicator per slide.
 * Hidden slides are inert, so Tab and screen readers meet only the visible one. No library: a
 * transform and a transition keep the home's first load small.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const [chosen, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const [touching, setTouching] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = banners.length;
  // Operators may publish fewer banners than the slide shown a moment ago.
  const index = chosen < count ? chosen : 0;

  useEffect(() => {
    if (touching || count < 2) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => stepIndex(i, 1, count));
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [touching, count]);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    start.current = t ? { x: t.clientX, y: t.clientY } : null;
    setTouching(true);
  };
  const onTouchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (start.current && t) setDrag(t.clientX - start.current.x);
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = start.current;
    const t = e.changedTouches[0];
    start.current = null;
    setTouching(false);
    setDrag(0);
    if (!from || !t) return;
    const step = swipeOf(t.clientX - from.x, t.clientY - from.y);
    if (step !== 0) setIndex((i) => stepIndex(i, step, count));
  };

  if (count === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="活动推荐">
      <div
        className="carousel__track"
        style={{
          transform: `translateX(calc(${-index * 100}% + ${drag}px))`,
          transitionDuration: touching ? '0ms' : `${SWIPE_MS}ms`,
        }}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      >
        {banners.map((b, i) => (
          <div key={`${b.image}|${b.alt}|${b.to}`} className="carousel__slide" inert={i !== index}>
            <Link to={b.to} draggable={false}>
              {/* The first banner is the page's largest paint: fetched first, never lazily. */}
              <img
                src={b.image}
                alt={b.alt}
                width={690}
                height={260}
                loading="eager"
                fetchPriority={i === 0 ? 'high' : 'low'}
                draggable={false}
              />
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__dots">
          {banners.map((b, i) => (
            <button
              key={`${b.image}|${b.alt}|${b.to}`}
              type="button"
              className="carousel__dot"
              aria-label={`第 ${i + 1} 张：${b.alt}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
