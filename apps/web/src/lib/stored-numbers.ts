/*
 * A record of whole numbers by id kept in the browser (an exam sitting's answers waiting for the server, the time
 * spent on each question): what storage cannot give or keep is simply not there, as in private mode.
 */

/** The record under `storageKey`: non-negative whole numbers only; anything else is left out. */
export function readStoredNumbers(storageKey: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && (entry[1] as number) >= 0),
    );
  } catch {
    return {};
  }
}

/** Keeps `record` under `storageKey`, or removes the key when it is empty. */
export function writeStoredNumbers(storageKey: string, record: Readonly<Record<string, number>>): void {
  try {
    if (Object.keys(record).length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(record));
  } catch {
    // Private mode or a full storage: what the server has is still there.
  }
}
