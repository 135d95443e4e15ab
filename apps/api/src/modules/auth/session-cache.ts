import type { Session } from '../../db/schema/auth.ts';
import type { User } from '../../db/schema/users.ts';

/** Where migration 0033's triggers announce each change to a session or an account. */
export const SESSION_CHANGES_CHANNEL = 'galeno_session_changes';

/** A session row and its account as the database returned them; shared between requests, so never changed. */
export interface SessionRow {
  session: Session;
  user: User | null;
}

interface Entry {
  row: SessionRow;
  at: number;
}

export interface SessionCacheOptions {
  /** How long a resolved session is reused at most, even if no change is heard of (a safety net). */
  ttlMs?: number;
  /** How many sessions are kept; the oldest go first. */
  max?: number;
}

/**
 * The sessions this instance resolved recently, by token hash (decision 024): every signed-in request checks its
 * session, which was a third of all the statements PostgreSQL ran under a cohort's load (issue 22).
 *
 * Correct only while it hears every change: the database notifies each statement that changes a session or an account
 * (migration 0033, db/notifications.ts) and `invalidate` drops what it names. While the listener is down nothing is
 * kept (`setListening(false)` empties it), and a read that was under way when a change arrived is not kept either
 * (`generation`): its row may predate the change. What is kept is checked again on every use against the request's
 * time (revoked, idle, absolute end), exactly as the query would.
 */
export class SessionCache {
  private readonly byHash = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly max: number;
  private listening = false;
  /** Bumped by every change heard and every loss of the listener; a read stores its row only if none came meanwhile. */
  private changes = 0;

  constructor({ ttlMs = 60_000, max = 10_000 }: SessionCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.max = max;
  }

  get size(): number {
    return this.byHash.size;
  }

  /** Call before reading a session from the database, and hand the result to `store`. */
  generation(): number {
    return this.changes;
  }

  get(tokenHash: string, nowMs = Date.now()): SessionRow | undefined {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs - entry.at < this.ttlMs) return entry.row;
    this.drop(tokenHash);
    return undefined;
  }

  store(tokenHash: string, row: SessionRow, generation: number, nowMs = Date.now()): void {
    if (!this.listening || generation !== this.changes) return;
    this.drop(tokenHash);
    if (this.byHash.size >= this.max) this.drop(this.byHash.keys().next().value!);
    this.byHash.set(tokenHash, { row, at: nowMs });
    const userId = row.user?.id;
    if (userId) {
      let hashes = this.byUser.get(userId);
      if (!hashes) this.byUser.set(userId, (hashes = new Set()));
      hashes.add(tokenHash);
    }
  }

  /** What a notification names: "s:<token hash>", "u:<account id>", or "*" for everything. */
  invalidate(keys: readonly string[]): void {
    this.changes++;
    for (const key of keys) {
      if (key === '*') {
        this.clear();
        return;
      }
      if (key.startsWith('s:')) this.drop(key.slice(2));
      else if (key.startsWith('u:')) for (const hash of this.byUser.get(key.slice(2)) ?? []) this.drop(hash);
    }
  }

  setListening(listening: boolean): void {
    this.changes++;
    this.listening = listening;
    this.clear();
  }

  private clear() {
    this.byHash.clear();
    this.byUser.clear();
  }

  private drop(tokenHash: string) {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return;
    this.byHash.delete(tokenHash);
    const userId = entry.row.user?.id;
    if (!userId) return;
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
