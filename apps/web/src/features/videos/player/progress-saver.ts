import { savedSecond } from '../lib/time';

/** While a video plays, its second is saved at most this often (DESIGN §13: debounced while playing). */
export const PLAYING_SAVE_MS = 5000;
/** A seek while paused is saved once the viewer stops dragging for this long. */
export const SEEK_SAVE_MS = 800;

export interface ProgressSaver {
  /** The playhead moved (timeupdate, seeked): saved within PLAYING_SAVE_MS while playing, else soon. */
  note(currentTime: number, playing: boolean): void;
  /** Save now (pause, ended, leaving the page); `keepalive` when the page is going away. */
  flush(keepalive: boolean): void;
  /** Stop the timer without saving (the saver is replaced). */
  dispose(): void;
}

/**
 * The timing of video progress saves, apart from React and the network: `send(second, keepalive)`
 * is called with the playhead's second (tenths) when it changed since the last save. A failed send
 * forgets what was sent, so the next note or flush tries again.
 */
export function createProgressSaver(
  send: (second: number, keepalive: boolean) => Promise<unknown> | undefined,
): ProgressSaver {
  let last: number | null = null;
  let sent: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerForPlaying = false;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const flush = (keepalive: boolean) => {
    clear();
    if (last === null || last === sent) return;
    const second = last;
    sent = second;
    try {
      const pending = send(second, keepalive);
      if (pending && typeof (pending as Promise<unknown>).catch === 'function') {
        (pending as Promise<unknown>).catch(() => {
          if (sent === second) sent = null;
        });
      }
    } catch {
      if (sent === second) sent = null;
    }
  };

  return {
    note(currentTime, playing) {
      last = savedSecond(currentTime);
      if (playing) {
        // A steady rhythm while playing: timeupdate fires four times a second and must not
        // push the save back forever.
        if (timer && timerForPlaying) return;
        clear();
        timerForPlaying = true;
        timer = setTimeout(() => flush(false), PLAYING_SAVE_MS);
      } else {
        clear();
        timerForPlaying = false;
        timer = setTimeout(() => flush(false), SEEK_SAVE_MS);
      }
    },
    flush,
    dispose: clear,
  };
}
