import { startTransition, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * False on the server and, on a page the server rendered, until that page has loaded and painted;
 * true at once where the app renders a screen itself (a tab opened in the app). A list draws only
 * its first screen until then: Chrome fetches a lazy image within 1,250 px of the view at once, so
 * the covers just below the screen shared the phone's link with those on it and put off its
 * largest paint (docs/decisions/0050-one-rendering-path.md, 2026-11-29).
 */
export function useFirstScreenPainted(): boolean {
  const hydrating = !useHydrated();
  const [painted, setPainted] = useState(!hydrating);
  useEffect(() => {
    if (painted) return;
    let frame = 0;
    // The frame after the one that follows `load` has painted what loaded.
    const afterPaint = () => {
      frame = requestAnimationFrame(() => {
        // In a transition: React renders the rest of the list in slices of a few ms, yielding to
        // taps between them (an update of default priority is one task, 40 ms and more on a
        // phone for ten more cards, which Lighthouse counts as blocking time).
        frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
      });
    };
    if (document.readyState === 'complete') afterPaint();
    else window.addEventListener('load', afterPaint, { once: true });
    return () => {
      window.removeEventListener('load', afterPaint);
      cancelAnimationFrame(frame);
    };
  }, [painted]);
  return painted;
}
