import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { EvaluateFlashcardBody, EvaluateFlashcardResponse } from '@galeno/domain/contracts/flashcards';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';

type FlashcardEvaluationInput = EvaluateFlashcardBody['evaluation'];

/*
 * Grades given without signal (issue 41). Every grade goes through here: it is written to the device (IndexedDB) with
 * a key of its own and the time it was given, then sent; it leaves the device once the server has it. A grade the
 * server never received is sent again later (the 'online' event, the app opening, a timer) in the order it was
 * given, and the key makes the server record it once however many times it arrives. Nothing is lost on a reload, a
 * closed tab or a phone restart: the queue is on disk.
 *
 * Beside the queue the device keeps when each graded card falls due next, so a list of due cards read from the
 * offline cache (taken before those grades) does not serve the same card again.
 */

export interface QueuedGrade {
  key: string;
  /** The account that gave it: another account signed in on this phone never sends it. */
  userId: string;
  /** Position among this device's grades, for the order they were given in. */
  seq: number;
  evaluation: FlashcardEvaluationInput & { clientKey: string; gradedAt: string };
}

/** A grade the server refused (the card left the bank, a grade too old): it is dropped, and the student told why. */
export interface RefusedGrade {
  flashcardId: string;
  message: string;
}

export interface OutboxStorage {
  grades: { all(): Promise<QueuedGrade[]>; put(grade: QueuedGrade): Promise<void>; remove(key: string): Promise<void> };
  dues: {
    get(cardId: string): Promise<string | undefined>;
    put(cardId: string, due: string): Promise<void>;
    remove(cardId: string): Promise<void>;
  };
}

function indexedDbStorage(): OutboxStorage {
  let grades: UseStore | undefined;
  let dues: UseStore | undefined;
  const gradeStore = () => (grades ??= createStore('galeno-grades', 'grades'));
  const dueStore = () => (dues ??= createStore('galeno-card-dues', 'dues'));
  return {
    grades: {
      all: () => values<QueuedGrade>(gradeStore()),
      put: (grade) => set(grade.key, grade, gradeStore()),
      remove: (key) => del(key, gradeStore()),
    },
    dues: {
      get: (cardId) => get<string>(cardId, dueStore()),
      put: (cardId, due) => set(cardId, due, dueStore()),
      remove: (cardId) => del(cardId, dueStore()),
    },
  };
}

/**
 * Where there is no IndexedDB (an old browser, jsdom in the unit tests): the tab's sessionStorage, so the queue
 * survives a reload, though not a closed tab.
 */
function sessionStorageFallback(): OutboxStorage {
  const read = <T>(key: string): Record<string, T> => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, T>;
    } catch {
      return {};
    }
  };
  const change = <T>(key: string, edit: (all: Record<string, T>) => void) => {
    const all = read<T>(key);
    edit(all);
    sessionStorage.setItem(key, JSON.stringify(all));
  };
  const GRADES = 'galeno:grades';
  const DUES = 'galeno:card-dues';
  return {
    grades: {
      all: async () => Object.values(read<QueuedGrade>(GRADES)),
      put: async (grade) => change<QueuedGrade>(GRADES, (all) => void (all[grade.key] = grade)),
      remove: async (key) => change<QueuedGrade>(GRADES, (all) => void delete all[key]),
    },
    dues: {
      get: async (cardId) => read<string>(DUES)[cardId],
      put: async (cardId, due) => change<string>(DUES, (all) => void (all[cardId] = due)),
      remove: async (cardId) => change<string>(DUES, (all) => void delete all[cardId]),
    },
  };
}

/** The server could not be reached, or cannot take grades right now: the grade waits on the device. */
export function waitsForServer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // 401: signed out meanwhile (sent after the next login); 403: access ended (sent once renewed); 409: busy.
  return error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 403 || error.status === 409;
}

export type SubmitResult =
  | { kind: 'saved'; response: EvaluateFlashcardResponse }
  | { kind: 'queued'; key: string; nextDue: string };

export interface GradeOutbox {
  /** Writes the grade to the device, then sends it; a grade the server refused is taken off and its error thrown. */
  submit(userId: string, evaluation: FlashcardEvaluationInput, nextDueIfQueued: (gradedAt: Date) => Date): Promise<SubmitResult>;
  /** Takes a grade back before it was sent («Deshacer» offline); false when it had already gone. */
  withdraw(key: string): Promise<boolean>;
  /** A grade of this card was taken back: the card's due time is the server's again. */
  forgetDue(cardId: string): Promise<void>;
  /** The evaluation the server recorded for a grade that went out from the queue (for «Deshacer»). */
  sentAs(key: string): string | undefined;
  /** Sends what waits, oldest first, one at a time; stops at the first grade the server cannot take yet. */
  flush(userId: string): Promise<{ sent: number; refused: RefusedGrade[] }>;
  pendingCount(userId: string): Promise<number>;
  /** The cards graded on this device that are not due again yet. */
  notDueYet(cardIds: readonly string[], now?: Date): Promise<Set<string>>;
  /** Told after every change to the queue. */
  subscribe(listener: () => void): () => void;
}

export function createGradeOutbox(
  storage: OutboxStorage = typeof indexedDB === 'undefined' ? sessionStorageFallback() : indexedDbStorage(),
  send: (evaluation: QueuedGrade['evaluation']) => Promise<EvaluateFlashcardResponse> = (evaluation) =>
    api.flashcards.evaluate({ body: { evaluation } }),
  newKey: () => string = () => crypto.randomUUID(),
): GradeOutbox {
  const listeners = new Set<() => void>();
  /** What the server answered for each grade sent since the page opened, and why it refused others. */
  const answered = new Map<string, EvaluateFlashcardResponse>();
  const refusals = new Map<string, unknown>();
  /** Why the last send stopped with grades still waiting. */
  let stoppedBy: unknown = null;
  let seq = Date.now();
  let flushing: Promise<{ sent: number; refused: RefusedGrade[] }> | null = null;
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function pendingOf(userId: string): Promise<QueuedGrade[]> {
    const all = await storage.grades.all();
    return all.filter((grade) => grade.userId === userId).sort((a, b) => a.seq - b.seq);
  }

  async function flushNow(userId: string) {
    const refused: RefusedGrade[] = [];
    let sent = 0;
    stoppedBy = null;
    for (const grade of await pendingOf(userId)) {
      try {
        const response = await send(grade.evaluation);
        answered.set(grade.key, response);
        await storage.dues.put(grade.evaluation.flashcardId, response.nextDue);
        sent++;
      } catch (error) {
        if (waitsForServer(error)) {
          stoppedBy = error;
          break;
        }
        refusals.set(grade.key, error);
        refused.push({ flashcardId: grade.evaluation.flashcardId, message: (error as Error).message });
      }
      await storage.grades.remove(grade.key);
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

  return {
    async submit(userId, evaluation, nextDueIfQueued) {
      const gradedAt = new Date();
      const key = newKey();
      await storage.grades.put({ key, userId, seq: seq++, evaluation: { ...evaluation, clientKey: key, gradedAt: gradedAt.toISOString() } });
      changed();
      // A send already under way may have read the queue before this grade; the next one takes it, after the older ones.
      if (flushing) await flushing;
      await flush(userId);
      const response = answered.get(key);
      if (response) return { kind: 'saved', response };
      if (refusals.has(key)) throw refusals.get(key);
      // Signed out or access ended while studying online: nothing is kept, and the page says so as before.
      if (stoppedBy instanceof ApiError && (stoppedBy.status === 401 || stoppedBy.status === 403)) {
        await this.withdraw(key);
        throw stoppedBy;
      }
      const nextDue = nextDueIfQueued(gradedAt).toISOString();
      await storage.dues.put(evaluation.flashcardId, nextDue);
      return { kind: 'queued', key, nextDue };
    },
    async withdraw(key) {
      const still = (await storage.grades.all()).some((grade) => grade.key === key);
      if (!still) return false;
      await storage.grades.remove(key);
      changed();
      return true;
    },
    forgetDue: (cardId) => storage.dues.remove(cardId),
    sentAs: (key) => answered.get(key)?.evaluation.id,
    flush,
    async pendingCount(userId) {
      return (await pendingOf(userId)).length;
    },
    async notDueYet(cardIds, now = new Date()) {
      const graded = new Set<string>();
      try {
        await Promise.all(
          cardIds.map(async (cardId) => {
            const due = await storage.dues.get(cardId);
            if (due && Date.parse(due) > now.getTime()) graded.add(cardId);
          }),
        );
      } catch {
        // The device's record cannot be read: the list is served as the server (or its copy) gave it.
      }
      return graded;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one outbox. */
export const gradeOutbox = createGradeOutbox();
