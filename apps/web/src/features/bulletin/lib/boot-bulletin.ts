/**
 * The start-up bulletin the server puts into the page (components/boot-bulletin.tsx): a native
 * <dialog> that the page's inline script (app/boot-bulletin.js) opens before the first paint when
 * the visitor has not seen the bulletin today. The popup queue (app/startup-popups.tsx) takes it
 * as the bulletin it would have opened, and waits for it to close.
 */
export const BOOT_BULLETIN_ID = 'boot-bulletin';

/** The server's bulletin, when it is open on the page now. */
export function openBootBulletin(): HTMLDialogElement | null {
  const element = document.getElementById(BOOT_BULLETIN_ID);
  return element instanceof HTMLDialogElement && element.open ? element : null;
}

/** What a visitor does first on a page: a touch, a click, a key (the bulletin's close included). */
const FIRST_INPUT = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Calls `run` once the server's bulletin no longer stands alone on the page: at once when it is
 * not open, else at the visitor's first input (a tap or key that may close it) or when it closes.
 * The start-up popups' queue (app/startup-popups.tsx) waits for the bulletin to close before it
 * shows anything, so its code need not load while the bulletin is read: a first visit's first
 * load is the page's alone (issue 21, docs/decisions/0050). Returns a cancel.
 */
export function afterBootBulletin(run: () => void): () => void {
  const dialog = openBootBulletin();
  if (!dialog) {
    run();
    return () => {};
  }
  const stop = () => {
    for (const type of FIRST_INPUT) window.removeEventListener(type, go, true);
    dialog.removeEventListener('close', go);
  };
  const go = () => {
    stop();
    run();
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, go, { capture: true, passive: true });
  dialog.addEventListener('close', go);
  return stop;
}
