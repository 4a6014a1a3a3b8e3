import { useCallback, useEffect, useState } from 'react';

/** Seconds a code button waits before it may send again (DESIGN §6: at most one send a minute). */
export const SMS_RESEND_SECONDS = 60;

/**
 * A countdown in whole seconds. It counts against an end time, not ticks, so a phone that
 * suspends the tab still shows the right number when it comes back.
 */
export function useCountdown(now: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endsAt === 0) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEndsAt(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt, now]);

  const start = useCallback(
    (seconds: number = SMS_RESEND_SECONDS) => {
      setLeft(seconds);
      setEndsAt(now() + seconds * 1000);
    },
    [now],
  );

  return { left, isRunning: left > 0, start };
}
