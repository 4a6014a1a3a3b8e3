import { onTestFinished, vi } from 'vitest';

/**
 * jsdom lays nothing out and has no IntersectionObserver, so a list's end (shared/ui/paged-list)
 * is never seen. This puts every observed element in view, as soon as it is observed (for the
 * rest of the test), so a list loads its next pages as a phone would when scrolled to the bottom.
 * Call before rendering.
 */
export function scrollListsToTheEnd(): void {
  class InView {
    private readonly callback: IntersectionObserverCallback;
    private live = true;
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
    }
    observe(target: Element) {
      queueMicrotask(() => {
        if (!this.live) return;
        const entry = { isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry;
        this.callback([entry], this as unknown as IntersectionObserver);
      });
    }
    disconnect() {
      this.live = false;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
