import { onTestFinished, vi } from 'vitest';

/**
 * jsdom lays nothing out: `offsetParent` is always null, so antd-mobile's InfiniteScroll never
 * looks whether the list's end is in view. Giving each element its parent as offset parent (for
 * the rest of the test) puts the end in view, so a list loads its next pages as a phone would
 * when scrolled to the bottom. Call before rendering.
 */
export function scrollListsToTheEnd(): void {
  const layout = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.parentElement;
  });
  onTestFinished(() => layout.mockRestore());
}
