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
