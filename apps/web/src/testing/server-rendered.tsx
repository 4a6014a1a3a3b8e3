import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';

/** jsdom lays nothing out: every element is `width` px wide at the top of the window. */
export function layOutAt(width = 390): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    width,
    height: 0,
    right: width,
    bottom: 0,
    toJSON: () => ({}),
  } as DOMRect);
}

/** One animation frame. */
export const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * A page the server rendered, as the browser meets it: `ui`'s server HTML in the document while
 * `document.readyState` says 'loading'; `hydrate` hydrates it, `finishLoading` fires `load` and waits
 * for the frames after it, `unmount` clears up. Call it in a test; `vi.restoreAllMocks` undoes it.
 */
export function serverRendered(ui: () => ReactElement) {
  let readyState: DocumentReadyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  document.body.append(container);
  let root: Root | null = null;
  return {
    container,
    async hydrate() {
      await act(async () => {
        root = hydrateRoot(container, ui());
        await frame();
        await frame();
      });
    },
    async finishLoading() {
      readyState = 'complete';
      await act(async () => {
        window.dispatchEvent(new Event('load'));
        await frame();
        await frame();
        await frame();
      });
    },
    unmount() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
