import { afterEach, describe, expect, it, vi } from 'vitest';
import source from './boot-bulletin.js?raw';

// The inline script after the server's bulletin (boot-bulletin.js): it opens the dialog before the
// first paint unless this account saw the bulletin today or asked for a quiet day, with the app's
// keys and day (Asia/Shanghai), and keeps 今日不再提示.
describe('the bulletin script in the page', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  // 2026-11-24 10:00 in Shanghai.
  const NOW = Date.UTC(2026, 10, 24, 2, 0);
  const YESTERDAY_LATE = Date.UTC(2026, 10, 23, 15, 59); // 23:59 in Shanghai, the day before
  const TODAY_EARLY = Date.UTC(2026, 10, 23, 16, 1); // 00:01 in Shanghai

  /** The server's dialog (closed), with showModal as jsdom lacks it, then the script. */
  const run = () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    document.body.innerHTML =
      '<dialog id="boot-bulletin" tabindex="-1"><form method="dialog">' +
      '<input type="checkbox" name="hide"><button type="submit">我知道了</button></form></dialog>';
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    dialog.showModal = () => dialog.setAttribute('open', '');
    dialog.close = () => {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    };
    new Function(source)();
    return dialog;
  };
  const asAccount = (uid: string) =>
    localStorage.setItem('ld-account', JSON.stringify({ state: { account: { uid } }, version: 1 }));

  it('opens for a first visit, takes the focus and counts as shown today', () => {
    const dialog = run();
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(dialog);
    expect(localStorage.getItem(':popup:bulletin')).toBe(String(NOW));
    expect(localStorage.getItem(':not-show')).toBeNull();
  });

  it('stays closed once shown today, and opens again the next day', () => {
    localStorage.setItem(':popup:bulletin', String(TODAY_EARLY));
    expect(run().open).toBe(false);
    document.body.innerHTML = '';
    localStorage.setItem(':popup:bulletin', String(YESTERDAY_LATE));
    expect(run().open).toBe(true);
  });

  it('stays closed on a quiet day of the account in storage, not of another', () => {
    asAccount('u42');
    localStorage.setItem('u42:not-show', String(TODAY_EARLY));
    expect(run().open).toBe(false);
    document.body.innerHTML = '';
    localStorage.setItem('u42:not-show', 'soon');
    localStorage.setItem(':not-show', String(TODAY_EARLY));
    expect(run().open).toBe(true);
    expect(localStorage.getItem('u42:popup:bulletin')).toBe(String(NOW));
  });

  it('keeps 今日不再提示 when closed with it ticked, and only then', () => {
    asAccount('u7');
    const dialog = run();
    dialog.close();
    expect(localStorage.getItem('u7:not-show')).toBeNull();
    localStorage.clear();
    asAccount('u7');
    document.body.innerHTML = '';
    const again = run();
    (again.querySelector('input[name=hide]') as HTMLInputElement).checked = true;
    again.close();
    expect(localStorage.getItem('u7:not-show')).toBe(String(NOW));
  });

  it('closes on a tap on the mask around the box, not inside it', () => {
    const dialog = run();
    dialog.querySelector('form')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog.open).toBe(false);
  });

  it('leaves it closed when storage cannot be read (the app decides then)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    try {
      expect(run().open).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
