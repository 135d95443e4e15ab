/**
 * The trial's local data (spec section 3, "Trial data": a start date kept in local storage). The server
 * ends the trial on its own clock (decisions: trial); this record only backs the countdown when the
 * server's end time is missing and tells later screens a trial already finished.
 */

export const TRIAL_STORAGE_KEY = 'trial-period';

interface StoredTrial {
  startedAt: string;
  finishedAt?: string;
}

function read(): StoredTrial | null {
  try {
    const raw = window.localStorage.getItem(TRIAL_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredTrial> | null;
    return value && typeof value.startedAt === 'string' ? (value as StoredTrial) : null;
  } catch {
    return null;
  }
}

function write(value: StoredTrial): void {
  try {
    window.localStorage.setItem(TRIAL_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the server's end time still drives the countdown.
  }
}

export function saveTrialStart(startedAt: Date): void {
  write({ startedAt: startedAt.toISOString() });
}

/** The stored start, or null when none (or an unreadable one) is stored. */
export function readTrialStart(): Date | null {
  const stored = read();
  if (!stored) return null;
  const date = new Date(stored.startedAt);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function markTrialFinished(finishedAt: Date): void {
  const stored = read();
  write({ startedAt: stored?.startedAt ?? finishedAt.toISOString(), finishedAt: finishedAt.toISOString() });
}

export function isTrialFinished(): boolean {
  return Boolean(read()?.finishedAt);
}

/** When the trial on this browser ran out, or null when it has not (or the record is unreadable). */
export function readTrialFinish(): Date | null {
  const finishedAt = read()?.finishedAt;
  if (!finishedAt) return null;
  const date = new Date(finishedAt);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A real login clears the trial (spec section 4, Session). */
export function clearTrialData(): void {
  try {
    window.localStorage.removeItem(TRIAL_STORAGE_KEY);
  } catch {
    // Nothing stored, or storage unavailable: nothing to clear.
  }
}

/**
 * Signup from the trial (its end sheet, or a save it cannot do): the account created there takes the
 * trial's answers on this device (issue 19).
 */
export const TRIAL_SIGNUP_PATH = '/signup?desde=prueba';
