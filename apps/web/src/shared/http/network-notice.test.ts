import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../ui/toast-store';
import { networkBack, OFFLINE_NOTICE, watchNetwork } from './network-notice';

const setOnline = (value: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
const messages = () => useToastStore.getState().items.map((t) => t.message);

describe('the network notice', () => {
  let stop = () => {};
  beforeEach(() => {
    useToastStore.setState({ items: [] });
    networkBack();
  });
  afterEach(() => {
    stop();
    setOnline(true);
  });

  it('says once that a start without network still reads downloads, and goes quietly when it is back', () => {
    setOnline(false);
    const back = vi.fn();
    stop = watchNetwork(back);
    expect(messages()).toEqual([OFFLINE_NOTICE]);

    // The browser repeats itself: still one notice.
    window.dispatchEvent(new Event('offline'));
    expect(messages()).toEqual([OFFLINE_NOTICE]);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(messages()).toEqual([]);
    expect(back).toHaveBeenCalledTimes(1);

    // A new spell without network is said again.
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(messages()).toEqual([OFFLINE_NOTICE]);
  });

  it('says nothing when the start is online', () => {
    stop = watchNetwork(() => {});
    expect(messages()).toEqual([]);
  });
});
