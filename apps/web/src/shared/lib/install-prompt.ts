// The browser's offer to install the portal (Chrome's `beforeinstallprompt`), kept from start-up
// so that 我的 can show it when the reader asks (docs/decisions/0051-installable-portal.md). In the
// shell: kept tiny, no UI.

/** Chrome's event: `prompt()` opens its install dialog, once, from a tap. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * At start-up: keeps the offer instead of letting the browser show its own bar over the page
 * (the entry in 我的 offers it), and forgets it once the app is installed.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** Whether the browser has offered to install the portal (and the offer is still unused). */
export const hasInstallPrompt = (): boolean => offer !== null;

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the browser's install dialog; null when there is no offer. An offer is used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = offer;
  if (!event) return null;
  offer = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome;
}
