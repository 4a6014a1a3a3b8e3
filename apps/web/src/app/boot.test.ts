import { afterEach, describe, expect, it, vi } from 'vitest';
import source from './boot.js?raw';

// The boot script of a server-rendered page (boot.js): nothing of the app is asked for before the
// screen has painted, then the entry's scripts and the route's preloads, in the server's order.
describe('the boot script', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  const run = () => {
    const frames: FrameRequestCallback[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const script = document.createElement('script');
    script.dataset.scripts = '/assets/rolldown-runtime-a.js /assets/vendor-b.js';
    script.dataset.modules = '/assets/novels-page-c.js /assets/kit-d.js';
    script.dataset.styles = '/assets/novels-page-e.css';
    document.head.append(script);
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    new Function(source)();
    script.remove();
    return frames;
  };
  const added = () =>
    [...document.head.children].map((el) =>
      el instanceof HTMLScriptElement
        ? `${el.type} ${el.getAttribute('src')} async=${el.async}`
        : `${el.getAttribute('rel')} ${el.getAttribute('href')}`,
    );

  it('adds the scripts and preloads only after the frame that paints the screen', () => {
    const frames = run();
    expect(added()).toEqual([]);
    for (const frame of frames) frame(0);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([
      'module /assets/rolldown-runtime-a.js async=false',
      'module /assets/vendor-b.js async=false',
      'modulepreload /assets/novels-page-c.js',
      'modulepreload /assets/kit-d.js',
      'preload /assets/novels-page-e.css',
    ]);
    // Once only, though the fallback timer fires later.
    vi.advanceTimersByTime(5000);
    expect(added()).toHaveLength(5);
  });

  it('starts on its timer in a tab whose frames never come', () => {
    run();
    vi.advanceTimersByTime(1999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()[1]).toBe('module /assets/vendor-b.js async=false');
  });
});
