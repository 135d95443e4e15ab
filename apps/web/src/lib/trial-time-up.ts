import { useEffect, useEffectEvent } from 'react';

/*
 * When a trial's time runs out, the answer on screen is still graded and shown before the end sheet
 * (issue 19). The quiz on screen registers what to do then; the trial's clock runs every handler and waits
 * for them, a few seconds at most, before it ends the session.
 */

type TimeUpHandler = () => Promise<unknown> | void;
const handlers = new Set<TimeUpHandler>();

/** Runs every registered handler and resolves when all are done, or after `timeoutMs` whatever happens. */
export async function settleTrialTimeUp(timeoutMs = 5000): Promise<void> {
  if (handlers.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const work = Promise.allSettled([...handlers].map(async (handler) => handler()));
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}

/** While mounted, `handler` runs when the trial's time is up (the latest render's handler). */
export function useTrialTimeUp(handler: TimeUpHandler): void {
  const run = useEffectEvent(() => handler());
  useEffect(() => {
    const registered: TimeUpHandler = () => run();
    handlers.add(registered);
    return () => {
      handlers.delete(registered);
    };
  }, []);
}
