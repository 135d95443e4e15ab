import { useEffect, useRef, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '@galeno/domain/timings';

/**
 * Live countdowns (membership banner, trial banner): the remaining time, updated every
 * COUNTDOWN_TICK_MS, and a callback once when it reaches zero.
 */

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms` (rounded up to the second, so 0 means over). */
export function splitDuration(ms: number): DurationParts {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** Milliseconds left until `endMs` (never below 0), or null without an end. */
export function useCountdown(endMs: number | null, onExpire?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    if (endMs === null) return;
    let expired = false;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (!expired && current >= endMs) {
        expired = true;
        clearInterval(id);
        onExpireRef.current?.();
      }
    };
    const id = setInterval(tick, COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [endMs]);

  return endMs === null ? null : Math.max(0, endMs - now);
}

const pad = (value: number) => String(value).padStart(2, '0');

const UNIT_LABELS: Record<keyof DurationParts, [singular: string, plural: string]> = {
  days: ['día', 'días'],
  hours: ['hora', 'horas'],
  minutes: ['minuto', 'minutos'],
  seconds: ['segundo', 'segundos'],
};

/**
 * The remaining time as labelled boxes. role="timer" is not announced on every tick (its live region
 * is off by default), so it never talks over the page.
 */
export function CountdownClock({
  remainingMs,
  units = ['days', 'hours', 'minutes', 'seconds'],
  label,
  className = '',
}: {
  remainingMs: number;
  units?: (keyof DurationParts)[];
  label: string;
  className?: string;
}) {
  const parts = splitDuration(remainingMs);
  return (
    <div role="timer" aria-label={label} className={`flex gap-2 ${className}`}>
      {units.map((unit) => {
        const value = parts[unit];
        const [singular, plural] = UNIT_LABELS[unit];
        return (
          <span key={unit} className="flex min-w-14 flex-col items-center rounded-lg bg-white/80 px-2 py-1.5 shadow-sm">
            <span data-testid={`countdown-${unit}`} className="text-xl font-bold tabular-nums leading-tight text-slate-900">
              {unit === 'days' ? value : pad(value)}
            </span>{' '}
            <span className="text-xs font-medium text-slate-600">{value === 1 ? singular : plural}</span>{' '}
          </span>
        );
      })}
    </div>
  );
}
