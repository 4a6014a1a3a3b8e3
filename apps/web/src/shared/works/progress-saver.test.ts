import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressSaver, type Place } from './progress-saver';

// The timing of progress saves every reader uses: a novel or a comic saves once the reader rests
// (a debounce), a playing video on a steady rhythm (docs/decisions/0053-one-works-layer.md).

const REST_MS = 1000;
const PLAYING_MS = 5000;
const at = (second: number): Place => ({ unitId: 7, position: { second } });
const sender = () => vi.fn((_place: Place, _keepalive: boolean) => undefined);

describe('createProgressSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves on a steady rhythm while playing, not pushed back by each timeupdate', () => {
    const send = sender();
    const saver = createProgressSaver(send);
    for (let t = 0; t < 20; t++) {
      saver.note(at(t * 0.25), PLAYING_MS, true);
      vi.advanceTimersByTime(250);
    }
    // 5 s of timeupdates: exactly one save, with the place it had reached.
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual([at(4.75), false]);
  });

  it('saves a move once the reader rests', () => {
    const send = sender();
    const saver = createProgressSaver(send);
    saver.note({ unitId: 3, position: { paragraph: 1, offset: 0 } }, REST_MS);
    vi.advanceTimersByTime(REST_MS / 2);
    saver.note({ unitId: 3, position: { paragraph: 4, offset: 12 } }, REST_MS);
    vi.advanceTimersByTime(REST_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(
      { unitId: 3, position: { paragraph: 4, offset: 12 } },
      false,
    );
  });

  it('flushes at once on leaving (keepalive) and never sends the same place twice', () => {
    const send = sender();
    const saver = createProgressSaver(send);
    saver.note(at(7), PLAYING_MS, true);
    saver.flush(true);
    expect(send).toHaveBeenCalledExactlyOnceWith(at(7), true);
    saver.flush(false);
    saver.note(at(7), REST_MS);
    vi.advanceTimersByTime(PLAYING_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('has nothing to save before the place is known', () => {
    const send = sender();
    createProgressSaver(send).flush(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('tries again after a failed send', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(null);
    const saver = createProgressSaver(send);
    saver.note(at(3), REST_MS);
    saver.flush(false);
    await vi.runAllTimersAsync();
    saver.flush(false);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]).toEqual([at(3), false]);
  });

  it('dispose stops a pending save', () => {
    const send = sender();
    const saver = createProgressSaver(send);
    saver.note(at(3), PLAYING_MS, true);
    saver.dispose();
    vi.advanceTimersByTime(PLAYING_MS * 2);
    expect(send).not.toHaveBeenCalled();
  });
});
