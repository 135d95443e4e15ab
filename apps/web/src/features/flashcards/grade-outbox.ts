import type { EvaluateFlashcardBody, EvaluateFlashcardResponse } from '@galeno/domain/contracts/flashcards';
import { api } from '../../lib/api';
import {
  createOutbox,
  deviceTable,
  outboxStore,
  type DeviceTable,
  type OutboxStore,
  type Refused,
  type SubmitResult,
} from '../../lib/offline-outbox';

/*
 * Flashcard grades given without signal (issue 41): every grade goes through the phone's outbox
 * (lib/offline-outbox.ts) with its key (the server records a key once) and the time it was given (the server
 * schedules from then). Beside the queue the phone keeps when each graded card falls due next, so a list of due cards
 * read from the offline cache (taken before those grades) does not serve the same card again.
 */

type FlashcardEvaluationInput = EvaluateFlashcardBody['evaluation'];
export type QueuedGradePayload = FlashcardEvaluationInput & { clientKey: string; gradedAt: string };

export interface GradeOutboxStorage {
  grades: OutboxStore<QueuedGradePayload>;
  /** Card id → when it is due next (ISO). */
  dues: DeviceTable<string>;
}

export interface GradeOutbox {
  /** Writes the grade to the phone, then sends it; a grade the server refused is taken off and its error thrown. */
  submit(
    userId: string,
    evaluation: FlashcardEvaluationInput,
    nextDueIfQueued: (gradedAt: Date) => Date,
  ): Promise<{ kind: 'saved'; response: EvaluateFlashcardResponse } | { kind: 'queued'; key: string; nextDue: string }>;
  /** Takes a grade back before it was sent («Deshacer» offline); false when it had already gone. */
  withdraw(key: string): Promise<boolean>;
  /** A grade of this card was taken back: the card's due time is the server's again. */
  forgetDue(cardId: string): Promise<void>;
  /** The evaluation the server recorded for a grade that went out from the queue (for «Deshacer»). */
  sentAs(key: string): string | undefined;
  /** Sends what waits, oldest first; stops at the first grade the server cannot take yet. */
  flush(userId: string): Promise<{ sent: number; refused: Refused<QueuedGradePayload>[] }>;
  /** How many of this account's grades wait on the phone. */
  count(userId: string): Promise<number>;
  /** The cards graded on this phone that are not due again yet. */
  notDueYet(cardIds: readonly string[], now?: Date): Promise<Set<string>>;
  subscribe(listener: () => void): () => void;
}

export function createGradeOutbox(
  storage: GradeOutboxStorage = { grades: outboxStore('grades'), dues: deviceTable('card-dues') },
  send: (evaluation: QueuedGradePayload) => Promise<EvaluateFlashcardResponse> = (evaluation) =>
    api.flashcards.evaluate({ body: { evaluation } }),
  newKey: () => string = () => crypto.randomUUID(),
): GradeOutbox {
  const outbox = createOutbox<QueuedGradePayload, EvaluateFlashcardResponse>({
    store: storage.grades,
    send,
    onSent: (grade, response) => storage.dues.put(grade.flashcardId, response.nextDue),
  });

  return {
    async submit(userId, evaluation, nextDueIfQueued) {
      const gradedAt = new Date();
      const key = newKey();
      const result: SubmitResult<EvaluateFlashcardResponse> = await outbox.submit(
        userId,
        { ...evaluation, clientKey: key, gradedAt: gradedAt.toISOString() },
        key,
      );
      if (result.kind === 'sent') return { kind: 'saved', response: result.response };
      const nextDue = nextDueIfQueued(gradedAt).toISOString();
      await storage.dues.put(evaluation.flashcardId, nextDue);
      return { kind: 'queued', key, nextDue };
    },
    withdraw: outbox.withdraw,
    forgetDue: (cardId) => storage.dues.remove(cardId),
    sentAs: (key) => outbox.answerTo(key)?.evaluation.id,
    flush: outbox.flush,
    count: outbox.count,
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
        // The phone's record cannot be read: the list is served as the server (or its copy) gave it.
      }
      return graded;
    },
    subscribe: outbox.subscribe,
  };
}

/** The app's one grade outbox. */
export const gradeOutbox = createGradeOutbox();
