/** The countdown: h:mm:ss. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

const storageKey = (quizSessionId: string) => `simulacro-pendiente:${quizSessionId}`;

/** Answers chosen on this device and not yet confirmed by the server: kept so a closed tab loses none. */
export function readPending(quizSessionId: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(quizSessionId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1])));
  } catch {
    return {};
  }
}

export function writePending(quizSessionId: string, pending: Readonly<Record<string, number>>): void {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(storageKey(quizSessionId));
    else localStorage.setItem(storageKey(quizSessionId), JSON.stringify(pending));
  } catch {
    // Private mode or a full storage: the server copy is still there.
  }
}
