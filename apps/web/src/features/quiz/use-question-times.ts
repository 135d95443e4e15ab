import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { TIMER_TICK_MS } from '../../components/ui/timer';
import { readStoredNumbers, writeStoredNumbers } from '../../lib/stored-numbers';

/** A question's time is capped where the server caps it (an hour). */
const MAX_QUESTION_MS = 3_600_000;
/** How often the running stretch is written down, so a reload or a closed tab loses at most this much. */
const KEEP_EVERY_MS = 5_000;

type Times = Readonly<Record<string, number>>;
interface Clock {
  times: Times;
  /** The last tick, for the running stretch on screen. */
  now: number;
  /** The question on screen, and when its running stretch began (null while paused: hidden page, not running). */
  current: string | null;
  since: number | null;
}

/** The times with the running stretch added to the question on screen. */
function settle(clock: Clock, at: number): Times {
  if (clock.current === null || clock.since === null) return clock.times;
  const stretch = Math.max(0, at - clock.since);
  return { ...clock.times, [clock.current]: Math.min(MAX_QUESTION_MS, (clock.times[clock.current] ?? 0) + stretch) };
}

/**
 * The times and the question being timed, outside React: effects tell it what is on screen and when a second passed,
 * and the page reads it as a store.
 */
class QuestionClock {
  private clock: Clock;
  private readonly listeners = new Set<() => void>();

  constructor(times: Times) {
    this.clock = { times, now: Date.now(), current: null, since: null };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.clock;

  private set(clock: Clock) {
    this.clock = clock;
    for (const listener of this.listeners) listener();
  }

  /** Another question on screen, or a pause (null): what ran so far is settled on the question it ran on. */
  count(questionId: string | null, at = Date.now()) {
    this.set({ times: settle(this.clock, at), now: at, current: questionId, since: questionId === null ? null : at });
  }

  tick(at = Date.now()) {
    this.set({ ...this.clock, now: at });
  }

  /** Writes the running stretch into the times (kept in the browser) and goes on. */
  keep(at = Date.now()) {
    this.set({ ...this.clock, times: settle(this.clock, at), now: at, since: this.clock.since === null ? null : at });
  }

  timeOf(questionId: string, at = Date.now()): number {
    return settle(this.clock, at)[questionId] ?? 0;
  }

  settled(at = Date.now()): Times {
    return settle(this.clock, at);
  }
}

/**
 * The time spent on each question of an exam (issue 35, N8), kept across visits, reloads and devices: what the
 * server recorded with each answer is the floor, and this device adds what it saw, written down in the browser every
 * few seconds and when the page goes away. Only time on screen counts: a hidden page (another app, a locked phone)
 * pauses it.
 */
export function useQuestionTimes({
  storageKey,
  questionId,
  recorded,
  running,
}: {
  storageKey: string;
  questionId: string | null;
  /** The server's times (each answer's), in ms. */
  recorded: Times;
  running: boolean;
}) {
  const [store] = useState(() => {
    const kept = readStoredNumbers(storageKey);
    const times: Record<string, number> = { ...kept };
    for (const [id, ms] of Object.entries(recorded)) times[id] = Math.max(ms, kept[id] ?? 0);
    return new QuestionClock(times);
  });
  const clock = useSyncExternalStore(store.subscribe, store.snapshot);
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');

  const counting = running && visible ? questionId : null;
  useEffect(() => {
    store.count(counting);
    if (counting === null) return;
    let ticks = 0;
    const id = window.setInterval(() => {
      ticks += 1;
      if ((ticks * TIMER_TICK_MS) % KEEP_EVERY_MS === 0) store.keep();
      else store.tick();
    }, TIMER_TICK_MS);
    return () => {
      window.clearInterval(id);
      store.count(null);
    };
  }, [store, counting]);

  useEffect(() => writeStoredNumbers(storageKey, clock.times), [storageKey, clock.times]);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    // The page is going away (a reload, a closed tab): the running stretch is written down now.
    const onPageHide = () => writeStoredNumbers(storageKey, store.settled());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [storageKey, store]);

  /** A question's time so far, the running stretch included (for the answer sent now). */
  const timeOf = useCallback((id: string) => store.timeOf(id), [store]);
  const forget = useCallback(() => writeStoredNumbers(storageKey, {}), [storageKey]);

  const stretch = clock.since === null ? 0 : Math.max(0, clock.now - clock.since);
  const totalMs = Object.values(clock.times).reduce((sum, ms) => sum + ms, 0) + stretch;
  return { totalMs, timeOf, forget };
}
