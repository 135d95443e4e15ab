import { useEffect, useState } from 'react';

/** Timers tick once a second (spec section 9: the quiz timer counts seconds; countdowns update every second). */
export const TIMER_TICK_MS = 1000;

/**
 * Whole seconds since the component mounted, updated every second while `running`; when it stops the
 * value stays where it was. Remount it (a new `key`) to start again from zero.
 *
 * Elapsed time is read from the clock on each tick rather than counted, so a background tab that
 * throttles timers still shows the right time when it comes back.
 */
export function useStopwatch(running: boolean): number {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(id);
  }, [running]);

  return Math.max(0, Math.floor((now - startedAt) / 1000));
}
