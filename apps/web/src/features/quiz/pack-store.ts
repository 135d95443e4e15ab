import type {
  CreatePackBody,
  EvaluateClinicCaseBody,
  Pack,
  QuestionEvaluation,
} from '@galeno/domain/contracts/quiz';
import type { Evaluations, Selections } from '@galeno/domain/quiz-round';
import { api } from '../../lib/api';
import { createOutbox, deviceTable, outboxStore } from '../../lib/offline-outbox';

/*
 * Packs for offline study (issue 41, decision 030): the cases a student downloads, kept on the phone with their keys,
 * graded there, and their answers sent through the phone's outbox when the signal returns; the server records them in
 * the pack's session as answers given online (statistics, unseen-first, percentiles).
 */

export type PackCase = Pack['cases'][number];

export interface StoredPack extends Pack {
  userId: string;
  /** Case id → what she chose and how it graded, as she answered it. */
  answered: Record<string, { selections: Selections; evaluations: QuestionEvaluation[] }>;
  /** The pack's size on the phone, in bytes (what «Borrar» frees). */
  bytes: number;
  /** When the server saved the finished pack among her evaluations. */
  savedAt?: string;
}

const packs = deviceTable<StoredPack>('packs');

/** Answers of pack cases waiting for the signal; each case's key is its pack and case, so a resend is the same answer. */
export const packAnswers = createOutbox<EvaluateClinicCaseBody, unknown>({
  store: outboxStore('pack-answers'),
  send: (body) => api.quiz.evaluateClinicCase({ body }),
});

export async function downloadPack(userId: string, choice: CreatePackBody): Promise<StoredPack> {
  const pack = await api.quiz.createPack({ body: choice });
  const stored: StoredPack = { ...pack, userId, answered: {}, bytes: 0 };
  stored.bytes = new Blob([JSON.stringify(stored)]).size;
  await packs.put(pack.quizSessionId, stored);
  return stored;
}

/** This account's packs on the phone, newest first. */
export async function listPacks(userId: string): Promise<StoredPack[]> {
  return (await packs.all()).filter((pack) => pack.userId === userId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function readPack(userId: string, quizSessionId: string): Promise<StoredPack | null> {
  const pack = await packs.get(quizSessionId);
  return pack && pack.userId === userId ? pack : null;
}

export async function deletePack(quizSessionId: string): Promise<void> {
  await packs.remove(quizSessionId);
}

/** The key of each question, as grading online would show it: graded on the phone. */
export function gradeOnPhone(entry: PackCase, selections: Selections): QuestionEvaluation[] {
  return entry.keys.map((key) => ({ ...key, correct: selections[key.questionId] === key.correctAnswer }));
}

export const byQuestion = (evaluations: readonly QuestionEvaluation[]): Evaluations =>
  Object.fromEntries(evaluations.map((evaluation) => [evaluation.questionId, evaluation]));

/**
 * Grades a case of the pack on the phone, keeps it with the pack, and sends its answers (now, or when the signal
 * returns). Resolves with its evaluations, the pack as kept now and, when the server refused the answers for good
 * (access ended, the case left the bank), why.
 */
export async function answerCase(
  pack: StoredPack,
  entry: PackCase,
  selections: Selections,
  elapsedMs: number,
): Promise<{ evaluations: QuestionEvaluation[]; pack: StoredPack; refused: string | null }> {
  const evaluations = gradeOnPhone(entry, selections);
  const updated: StoredPack = { ...pack, answered: { ...pack.answered, [entry.clinicCase.id]: { selections, evaluations } } };
  await packs.put(pack.quizSessionId, updated);
  const body: EvaluateClinicCaseBody = {
    clinicCaseId: entry.clinicCase.id,
    quizSessionId: pack.quizSessionId,
    selectedOptions: Object.entries(selections).map(([questionId, optionSelectedIndex]) => ({ questionId, optionSelectedIndex })),
    elapsedMs: Math.min(3_600_000, Math.max(0, Math.round(elapsedMs))),
    // Sent maybe days later: the answers count on the day they were given.
    answeredAt: new Date().toISOString(),
  };
  try {
    await packAnswers.submit(pack.userId, body, `${pack.quizSessionId}:${entry.clinicCase.id}`);
    return { evaluations, pack: updated, refused: null };
  } catch (error) {
    return { evaluations, pack: updated, refused: error instanceof Error ? error.message : String(error) };
  }
}

/** Every case answered and every answer with the server: the pack is saved among her evaluations, once. */
export async function saveIfFinished(pack: StoredPack): Promise<boolean> {
  const { userId, quizSessionId } = pack;
  if (pack.savedAt || Object.keys(pack.answered).length < pack.cases.length) return false;
  const waiting = (await packAnswers.pending(userId)).some((entry) => entry.payload.quizSessionId === quizSessionId);
  if (waiting) return false;
  try {
    await api.quiz.saveEvaluation({ body: { userId, quizSessionId } });
  } catch {
    return false;
  }
  await packs.put(quizSessionId, { ...pack, savedAt: new Date().toISOString() });
  return true;
}
