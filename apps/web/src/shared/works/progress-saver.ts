import type { Position } from '@ld/contract/content';

/** Where a reader is: the unit (a video's own id) and the kind's position in it. */
export interface Place {
  unitId: number;
  position: Position;
}

export interface ProgressSaver {
  /**
   * The reader moved: saved `delay` ms later. A move pushes a pending save back (the reader has not
   * rested yet), unless both are `steady`: a playing video saves on a rhythm, not when it stops.
   */
  note(place: Place, delay: number, steady?: boolean): void;
  /** Save now (pause, another unit, leaving the page); `keepalive` when the page is going away. */
  flush(keepalive: boolean): void;
  /** Stop the timer without saving (the saver is replaced). */
  dispose(): void;
}

/** A novel's or a comic's save waits this long after the reader stops moving (DESIGN §13: debounced while reading). */
export const SAVE_DELAY_MS = 1000;

const signatureOf = (place: Place) => `${place.unitId}:${JSON.stringify(place.position)}`;

/**
 * The timing of progress saves for every kind of work, apart from React and the network:
 * `send(place, keepalive)` is called with the last place noted when it changed since the last save.
 * A failed send forgets what was sent, so the next note or flush tries again.
 */
export function createProgressSaver(
  send: (place: Place, keepalive: boolean) => Promise<unknown> | undefined,
): ProgressSaver {
  let last: Place | null = null;
  let sent: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerSteady = false;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const flush = (keepalive: boolean) => {
    clear();
    if (last === null) return;
    const signature = signatureOf(last);
    if (signature === sent) return;
    sent = signature;
    const forget = () => {
      if (sent === signature) sent = null;
    };
    try {
      send(last, keepalive)?.catch(forget);
    } catch {
      forget();
    }
  };

  return {
    note(place, delay, steady = false) {
      last = place;
      if (steady && timer && timerSteady) return;
      clear();
      timerSteady = steady;
      timer = setTimeout(() => flush(false), delay);
    },
    flush,
    dispose: clear,
  };
}
