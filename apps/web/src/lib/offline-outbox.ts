import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { ApiError } from './api-client';

/*
 * What a student does without signal and the server must still get (issue 41, decision 030): flashcard grades, the
 * answers of an offline pack. Each is written to the phone (IndexedDB) under a key of its own, then sent; it leaves
 * the phone once the server has it. What the server never got is sent again later, oldest first, one at a time, and the
 * key lets the server record it once however many times it arrives. Nothing is lost on a reload, a closed tab or a
 * phone restart: the queue is on disk.
 */

export interface OutboxEntry<Payload> {
  key: string;
  /** The account that made it: another account signed in on this phone never sends it. */
  userId: string;
  /** Position among this queue's entries, for the order they were made in. */
  seq: number;
  payload: Payload;
}

export interface OutboxStore<Payload> {
  all(): Promise<OutboxEntry<Payload>[]>;
  put(entry: OutboxEntry<Payload>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A key-value table on the phone: IndexedDB, or the tab's sessionStorage where there is none (jsdom, old browsers). */
export interface DeviceTable<Value> {
  get(key: string): Promise<Value | undefined>;
  put(key: string, value: Value): Promise<void>;
  remove(key: string): Promise<void>;
  all(): Promise<Value[]>;
}

export function deviceTable<Value>(name: string): DeviceTable<Value> {
  if (typeof indexedDB === 'undefined') return sessionStorageTable<Value>(name);
  let store: UseStore | undefined;
  const table = () => (store ??= createStore(`galeno-${name}`, name));
  return {
    get: (key) => get<Value>(key, table()),
    put: (key, value) => set(key, value, table()),
    remove: (key) => del(key, table()),
    all: () => values<Value>(table()),
  };
}

function sessionStorageTable<Value>(name: string): DeviceTable<Value> {
  const storageKey = `galeno:${name}`;
  const read = (): Record<string, Value> => {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, Value>;
    } catch {
      return {};
    }
  };
  const change = (edit: (all: Record<string, Value>) => void) => {
    const all = read();
    edit(all);
    sessionStorage.setItem(storageKey, JSON.stringify(all));
  };
  return {
    get: async (key) => read()[key],
    put: async (key, value) => change((all) => void (all[key] = value)),
    remove: async (key) => change((all) => void delete all[key]),
    all: async () => Object.values(read()),
  };
}

export function outboxStore<Payload>(name: string): OutboxStore<Payload> {
  const table = deviceTable<OutboxEntry<Payload>>(name);
  return { all: table.all, put: (entry) => table.put(entry.key, entry), remove: table.remove };
}

/** The server could not be reached, or cannot take it right now: it waits on the phone. */
export function waitsForServer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // 401: signed out meanwhile (sent after the next login); 403: access ended (sent once renewed); 409: busy.
  return error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 403 || error.status === 409;
}

/** What the server refused for good (an item that left the bank, a grade too old): dropped, and the student told why. */
export interface Refused<Payload> {
  payload: Payload;
  message: string;
}

export type SubmitResult<Response> = { kind: 'sent'; response: Response } | { kind: 'queued'; key: string };

export interface Outbox<Payload, Response> {
  /** Writes it to the phone, then sends what waits (this one last); one the server refused is taken off and its error thrown. */
  submit(userId: string, payload: Payload, key?: string): Promise<SubmitResult<Response>>;
  /** Takes one back before it was sent; false when it had already gone. */
  withdraw(key: string): Promise<boolean>;
  /** What the server answered for one sent from the queue since the page opened. */
  answerTo(key: string): Response | undefined;
  /** Sends what waits, oldest first, one at a time; stops at the first the server cannot take yet. */
  flush(userId: string): Promise<{ sent: number; refused: Refused<Payload>[] }>;
  pending(userId: string): Promise<OutboxEntry<Payload>[]>;
  /** How many wait for this account (lib/use-waiting-count.ts). */
  count(userId: string): Promise<number>;
  /** Told after every change to the queue. */
  subscribe(listener: () => void): () => void;
}

export function createOutbox<Payload, Response>({
  store,
  send,
  newKey = () => crypto.randomUUID(),
  /** Told of each one the server took, before it leaves the queue (the flashcards keep when the card is due). */
  onSent,
}: {
  store: OutboxStore<Payload>;
  send: (payload: Payload) => Promise<Response>;
  newKey?: () => string;
  onSent?: (payload: Payload, response: Response) => Promise<void>;
}): Outbox<Payload, Response> {
  const listeners = new Set<() => void>();
  const answered = new Map<string, Response>();
  const refusals = new Map<string, unknown>();
  /** Why the last send stopped with entries still waiting. */
  let stoppedBy: unknown = null;
  let seq = Date.now();
  let flushing: Promise<{ sent: number; refused: Refused<Payload>[] }> | null = null;
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function pending(userId: string): Promise<OutboxEntry<Payload>[]> {
    return (await store.all()).filter((entry) => entry.userId === userId).sort((a, b) => a.seq - b.seq);
  }

  async function flushNow(userId: string) {
    const refused: Refused<Payload>[] = [];
    let sent = 0;
    stoppedBy = null;
    for (const entry of await pending(userId)) {
      try {
        const response = await send(entry.payload);
        answered.set(entry.key, response);
        await onSent?.(entry.payload, response);
        sent++;
      } catch (error) {
        if (waitsForServer(error)) {
          stoppedBy = error;
          break;
        }
        refusals.set(entry.key, error);
        refused.push({ payload: entry.payload, message: (error as Error).message });
      }
      await store.remove(entry.key);
      changed();
    }
    return { sent, refused };
  }

  function flush(userId: string) {
    flushing ??= flushNow(userId).finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function withdraw(key: string) {
    if (!(await store.all()).some((entry) => entry.key === key)) return false;
    await store.remove(key);
    changed();
    return true;
  }

  return {
    async submit(userId, payload, key = newKey()) {
      // A key given again is a new attempt: what an earlier one with it got back says nothing of this one.
      answered.delete(key);
      refusals.delete(key);
      await store.put({ key, userId, seq: seq++, payload });
      changed();
      // A send already under way may have read the queue before this one; the next one takes it, after the older ones.
      if (flushing) await flushing;
      await flush(userId);
      const response = answered.get(key);
      if (response !== undefined) return { kind: 'sent', response };
      if (refusals.has(key)) throw refusals.get(key);
      // Signed out or access ended while studying online: nothing is kept, and the page says so as before.
      if (stoppedBy instanceof ApiError && (stoppedBy.status === 401 || stoppedBy.status === 403)) {
        await withdraw(key);
        throw stoppedBy;
      }
      return { kind: 'queued', key };
    },
    withdraw,
    answerTo: (key) => answered.get(key),
    flush,
    pending,
    count: async (userId) => (await pending(userId)).length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
