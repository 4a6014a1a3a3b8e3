import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ENABLED_KEY, registerServiceWorkerAfterLoad, SW_URL } from './service-worker-start';

// Who gets the worker (docs/decisions/0051-installable-portal.md): readers with downloads and the
// installed app, after the page has loaded; nobody else.

let register: ReturnType<typeof vi.fn>;
beforeEach(() => {
  register = vi.fn(async () => ({}));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
});
afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const standalone = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(display-mode: standalone)',
  }));

/** The load event has passed in jsdom: registration comes a task later. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorkerAfterLoad', () => {
  it('registers nothing for a visitor without downloads in the browser', async () => {
    standalone(false);
    registerServiceWorkerAfterLoad();
    await nextTask();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers the worker for a reader with downloads', async () => {
    standalone(false);
    localStorage.setItem(OFFLINE_ENABLED_KEY, '1');
    registerServiceWorkerAfterLoad();
    expect(register).not.toHaveBeenCalled();
    await nextTask();
    expect(register).toHaveBeenCalledWith(SW_URL, { scope: '/' });
  });

  it('registers the worker in the installed app', async () => {
    standalone(true);
    registerServiceWorkerAfterLoad();
    await nextTask();
    expect(register).toHaveBeenCalledWith(SW_URL, { scope: '/' });
  });
});
