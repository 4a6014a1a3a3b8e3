import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressSaver, PLAYING_SAVE_MS, SEEK_SAVE_MS } from './progress-saver';

describe('createProgressSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves on a steady rhythm while playing, not pushed back by each timeupdate', () => {
    const send = vi.fn((_second: number, _keepalive: boolean) => undefined);
    const saver = createProgressSaver(send);
    for (let t = 0; t < 20; t++) {
      saver.note(t * 0.25, true);
      vi.advanceTimersByTime(250);
    }
    // 5 s of timeupdates: exactly one save, with the second it had reached.
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual([4.8, false]);
  });

  it('saves a seek while paused once the playhead rests', () => {
    const send = vi.fn((_second: number, _keepalive: boolean) => undefined);
    const saver = createProgressSaver(send);
    saver.note(10, false);
    vi.advanceTimersByTime(SEEK_SAVE_MS / 2);
    saver.note(12.34, false);
    vi.advanceTimersByTime(SEEK_SAVE_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(12.3, false);
  });

  it('flushes at once on leaving (keepalive) and never sends the same second twice', () => {
    const send = vi.fn((_second: number, _keepalive: boolean) => undefined);
    const saver = createProgressSaver(send);
    saver.note(7.04, true);
    saver.flush(true);
    expect(send).toHaveBeenCalledExactlyOnceWith(7, true);
    saver.flush(false);
    vi.advanceTimersByTime(PLAYING_SAVE_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('has nothing to save before the playhead is known', () => {
    const send = vi.fn((_second: number, _keepalive: boolean) => undefined);
    createProgressSaver(send).flush(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('tries again after a failed send', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(null);
    const saver = createProgressSaver(send);
    saver.note(3, false);
    saver.flush(false);
    await vi.runAllTimersAsync();
    saver.flush(false);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]).toEqual([3, false]);
  });

  it('dispose stops a pending save', () => {
    const send = vi.fn((_second: number, _keepalive: boolean) => undefined);
    const saver = createProgressSaver(send);
    saver.note(3, true);
    saver.dispose();
    vi.advanceTimersByTime(PLAYING_SAVE_MS * 2);
    expect(send).not.toHaveBeenCalled();
  });
});
