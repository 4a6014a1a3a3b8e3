import { afterEach, describe, expect, it } from 'vitest';
import source from './early-events-boot.js?raw';

// The inline script every rendered page carries (early-events-boot.js): a tap on a button in #root
// before the app takes over is held and made again, once, on the same element when it does; links,
// fields and what is outside #root keep their own behaviour.
describe('taps before the app takes over', () => {
  const takeOver = () => (window as { __ldTakeOver?: () => void }).__ldTakeOver?.();
  afterEach(() => {
    takeOver();
    document.body.innerHTML = '';
  });

  /** The server's markup, a listener standing for the app (it sees the clicks that reach it), then the script. */
  const run = () => {
    document.body.innerHTML =
      '<div id="root"><form><button type="button" id="like"><span>赞</span></button>' +
      '<div role="tab" id="tab">最新</div><button id="off" disabled>发送</button>' +
      '<a href="#next" id="link"><img alt=""></a><input id="field"><button type="submit" id="send">发布</button></form></div>' +
      '<button id="outside">我知道了</button>';
    const reached: string[] = [];
    document.getElementById('root')?.addEventListener('click', (event) => {
      reached.push((event.target as Element).closest('[id]')?.id ?? '?');
    });
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      reached.push('submit');
    });
    new Function(source)();
    return reached;
  };
  const tap = (selector: string) => {
    const element = document.querySelector(selector) as HTMLElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('holds a tap on a button or a tab, and makes it once when the app takes over', () => {
    const reached = run();
    expect(tap('#like span')).toBe(true);
    tap('#like');
    tap('#tab');
    expect(reached).toEqual([]);
    // Shown as taken meanwhile.
    expect(document.getElementById('like')?.hasAttribute('data-held')).toBe(true);
    takeOver();
    expect(reached).toEqual(['like', 'tab']);
    expect(document.querySelectorAll('[data-held]')).toHaveLength(0);
    // From then on taps go straight to the app.
    tap('#like');
    expect(reached).toEqual(['like', 'tab', 'like']);
  });

  it('holds a submit button (no native submit), and submits through the app when it takes over', () => {
    const reached = run();
    expect(tap('#send')).toBe(true);
    expect(reached).toEqual([]);
    takeOver();
    expect(reached).toEqual(['send', 'submit']);
  });

  it('leaves links, fields, disabled buttons and what is outside the app alone', () => {
    const reached = run();
    expect(tap('#link img')).toBe(false);
    expect(tap('#field')).toBe(false);
    // (A browser fires no click on a disabled button; a synthetic one passes, not held.)
    expect(tap('#off')).toBe(false);
    expect(tap('#outside')).toBe(false);
    expect(reached).toEqual(['link', 'field', 'off']);
    takeOver();
    expect(reached).toEqual(['link', 'field', 'off']);
  });

  it('drops a held tap whose button the app replaced', () => {
    const reached = run();
    tap('#like');
    document.getElementById('like')?.remove();
    takeOver();
    expect(reached).toEqual([]);
  });
});
