import { describe, expect, it } from 'vitest';
import type { EvaluateFlashcardResponse } from '@galeno/domain/contracts/flashcards';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import type { OutboxEntry } from '../../lib/offline-outbox';
import { createGradeOutbox, type GradeOutboxStorage, type QueuedGradePayload } from './grade-outbox';

/** The phone's storage, in memory. */
function memoryStorage(): GradeOutboxStorage {
  const grades = new Map<string, OutboxEntry<QueuedGradePayload>>();
  const dues = new Map<string, string>();
  return {
    grades: {
      all: async () => [...grades.values()],
      put: async (entry) => void grades.set(entry.key, entry),
      remove: async (key) => void grades.delete(key),
    },
    dues: {
      get: async (cardId) => dues.get(cardId),
      put: async (cardId, due) => void dues.set(cardId, due),
      remove: async (cardId) => void dues.delete(cardId),
      all: async () => [...dues.values()],
    },
  };
}

const offline = () => new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0);

/** A server that records each key once, and a switch for the signal. */
function fakeServer() {
  const recorded = new Map<string, QueuedGradePayload>();
  const calls: string[] = [];
  const server = {
    online: true,
    refuse: new Map<string, ApiError>(),
    recorded,
    calls,
    async send(evaluation: QueuedGradePayload): Promise<EvaluateFlashcardResponse> {
      calls.push(evaluation.flashcardId);
      if (!server.online) throw offline();
      const refusal = server.refuse.get(evaluation.flashcardId);
      if (refusal) throw refusal;
      if (!recorded.has(evaluation.clientKey)) recorded.set(evaluation.clientKey, evaluation);
      return {
        evaluation: {
          id: `ev-${evaluation.clientKey}`,
          flashcardId: evaluation.flashcardId,
          userId: 'u1',
          correct: evaluation.correct,
          grade: evaluation.grade ?? 'good',
          timeTakenInSeconds: evaluation.timeTakenInSeconds,
          flashcardGuideId: evaluation.flashcardGuideId,
          createdAt: evaluation.gradedAt,
        },
        nextDue: new Date(Date.parse(evaluation.gradedAt) + 600_000).toISOString(),
      };
    },
  };
  return server;
}

function setUp() {
  const server = fakeServer();
  let n = 0;
  const storage = memoryStorage();
  const outbox = createGradeOutbox(storage, server.send, () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`);
  const grade = (flashcardId: string, userId = 'u1') =>
    outbox.submit(
      userId,
      { flashcardId, flashcardGuideId: 'gpc-a', correct: true, grade: 'good', timeTakenInSeconds: 4 },
      (at) => new Date(at.getTime() + 60_000),
    );
  return { server, outbox, storage, grade };
}

describe('the grade outbox', () => {
  it('sends a grade at once with signal, with its key and when it was given', async () => {
    const { server, outbox, grade } = setUp();
    const result = await grade('c1');
    expect(result.kind).toBe('saved');
    expect([...server.recorded.values()]).toEqual([expect.objectContaining({ flashcardId: 'c1', gradedAt: expect.any(String) })]);
    expect(await outbox.count('u1')).toBe(0);
  });

  it('keeps grades without signal, then sends them in the order they were given, each recorded once', async () => {
    const { server, outbox, grade } = setUp();
    server.online = false;
    for (const card of ['c1', 'c2', 'c3']) expect((await grade(card)).kind).toBe('queued');
    expect(await outbox.count('u1')).toBe(3);
    // The graded cards are not due again on this phone.
    expect(await outbox.notDueYet(['c1', 'c2', 'c3', 'c4'])).toEqual(new Set(['c1', 'c2', 'c3']));

    server.online = true;
    server.calls.length = 0;
    expect(await outbox.flush('u1')).toEqual({ sent: 3, refused: [] });
    expect(server.calls).toEqual(['c1', 'c2', 'c3']);
    expect(server.recorded.size).toBe(3);
    // A second flush has nothing to send.
    expect(await outbox.flush('u1')).toEqual({ sent: 0, refused: [] });
    expect(server.recorded.size).toBe(3);
  });

  it('sends older grades before a new one once the signal is back', async () => {
    const { server, grade } = setUp();
    server.online = false;
    await grade('c1');
    server.online = true;
    server.calls.length = 0;
    expect((await grade('c2')).kind).toBe('saved');
    expect(server.calls).toEqual(['c1', 'c2']);
  });

  it('drops a grade the server refuses and says why, and goes on with the others', async () => {
    const { server, outbox, grade } = setUp();
    server.online = false;
    await grade('c1');
    await grade('c2');
    server.online = true;
    server.refuse.set('c1', new ApiError('La flashcard no existe o ya no está disponible.', 'NOT_FOUND', 404));
    expect(await outbox.flush('u1')).toEqual({
      sent: 1,
      refused: [{ payload: expect.objectContaining({ flashcardId: 'c1' }), message: 'La flashcard no existe o ya no está disponible.' }],
    });
    expect(await outbox.count('u1')).toBe(0);
  });

  it('keeps every grade while access has ended, and gives a live grade back to the page to say so', async () => {
    const { server, outbox, grade } = setUp();
    server.online = false;
    await grade('c1');
    server.online = true;
    server.refuse.set('c1', new ApiError('Tu membresía ha expirado.', 'MEMBERSHIP_EXPIRED', 403));
    server.refuse.set('c2', new ApiError('Tu membresía ha expirado.', 'MEMBERSHIP_EXPIRED', 403));
    await expect(grade('c2')).rejects.toMatchObject({ status: 403 });
    // The old grade waits for the renewal; the live one was not kept.
    expect(await outbox.count('u1')).toBe(1);
  });

  it('takes back a grade before it leaves, and sends only the grades of the account signed in', async () => {
    const { server, outbox, grade } = setUp();
    server.online = false;
    const first = await grade('c1');
    await grade('c2', 'u2');
    expect(first.kind).toBe('queued');
    expect(await outbox.withdraw(first.kind === 'queued' ? first.key : '')).toBe(true);
    server.online = true;
    expect(await outbox.flush('u1')).toEqual({ sent: 0, refused: [] });
    expect(await outbox.count('u2')).toBe(1);
    expect(server.recorded.size).toBe(0);
  });
});
