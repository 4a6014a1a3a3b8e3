import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureAttribution } from '../shared/stores/device';
import source from './boot.js?raw';

// The boot script of a server-rendered page (boot.js): nothing of the app is asked for before the
// screen has painted, then the entry's scripts and the route's preloads, in the server's order.
describe('the boot script', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
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

  /** Runs the frame the browser would paint next (the callbacks asked for before it). */
  const paint = (frames: FrameRequestCallback[]) => {
    for (const frame of frames.splice(0)) frame(0);
  };

  it('adds the scripts and preloads only a frame after the one that paints the screen', () => {
    const frames = run();
    expect(added()).toEqual([]);
    paint(frames);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([]);
    paint(frames);
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

  /**
   * Pictures in #root; those with a box are on the first screen (jsdom has no layout). Each one's
   * `decode()` settles when the test says: `decoded(i)` or `failed(i)`.
   */
  const pictures = (html: string, onScreen: (img: HTMLImageElement) => boolean) => {
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const settle: Array<{ decoded: () => void; failed: () => void }> = [];
    for (const img of document.querySelectorAll('img')) {
      vi.spyOn(img, 'getBoundingClientRect').mockReturnValue(
        onScreen(img) ? new DOMRect(12, 170, 187, 105) : new DOMRect(12, 1200, 187, 105),
      );
      let decoded = () => {};
      let failed = () => {};
      const decoding = new Promise<void>((resolve, reject) => {
        decoded = resolve;
        failed = () => reject(new Error('broken'));
      });
      settle.push({ decoded, failed });
      img.decode = () => decoding;
    }
    return settle;
  };
  const settled = () => vi.advanceTimersByTimeAsync(0);

  it('waits for the pictures of the first screen to be decoded before asking for the app, then for their frame', async () => {
    const [a, b] = pictures(
      '<img fetchpriority="high" src="/a.webp"><img loading="lazy" src="/b.webp"><img loading="lazy" src="/c.webp">',
      (img) => !img.src.endsWith('/c.webp'),
    );
    const frames = run();
    paint(frames);
    await settled();
    // Nothing before both pictures on screen are in (the one below the fold is not waited for).
    expect(frames).toEqual([]);
    a.decoded();
    await settled();
    expect(frames).toEqual([]);
    // A picture that fails does not hold the app back.
    b.failed();
    await settled();
    // The frame that paints the pictures, then the next one.
    paint(frames);
    await settled();
    expect(added()).toEqual([]);
    paint(frames);
    await settled();
    expect(added()[0]).toBe('module /assets/rolldown-runtime-a.js async=false');
    expect(added()).toHaveLength(5);
  });

  it('does not wait for pictures below the first screen', async () => {
    pictures('<img fetchpriority="high" src="/a.webp">', () => false);
    const frames = run();
    paint(frames);
    paint(frames);
    await settled();
    expect(added()).toHaveLength(5);
  });

  it('starts on its timer when a picture never arrives', async () => {
    pictures('<img src="/slow.webp">', () => true);
    const frames = run();
    paint(frames);
    await settled();
    expect(frames).toEqual([]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(added()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(added()).toHaveLength(5);
  });

  it('keeps the link’s channel and invite code before the app runs, as the app would', () => {
    const stored = () => ({
      channel: localStorage.getItem('channelID'),
      invite: localStorage.getItem('inviteCode'),
    });
    const cases = ['?code=ch7&inviteCode=INV123', `?inviteCode=<b>x</b>&code=${'c'.repeat(33)}`, ''];
    try {
      for (const search of cases) {
        localStorage.clear();
        window.history.replaceState(null, '', `/${search}`);
        captureAttribution(window.location.search);
        const byApp = stored();
        localStorage.clear();
        run();
        expect(stored(), search).toEqual(byApp);
      }
      localStorage.clear();
      window.history.replaceState(null, '', '/?code=ch7&inviteCode=INV123');
      run();
      expect(stored()).toEqual({ channel: 'ch7', invite: 'INV123' });
      // A later visit without them keeps the first.
      window.history.replaceState(null, '', '/games');
      run();
      expect(stored()).toEqual({ channel: 'ch7', invite: 'INV123' });
    } finally {
      localStorage.clear();
      window.history.replaceState(null, '', '/');
    }
  });

  it('starts on its timer in a tab whose frames never come', () => {
    run();
    vi.advanceTimersByTime(1999);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()[1]).toBe('module /assets/vendor-b.js async=false');
  });
});
