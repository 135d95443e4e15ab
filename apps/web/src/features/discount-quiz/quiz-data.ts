import { redirect } from 'react-router';
import type { DiscountQuizQuestion } from '@galeno/domain/contracts/discount-quiz';
import type { LastDiscount } from '@galeno/domain/discount-quiz-machine';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { loginPathFor } from '../../lib/redirect-to';
import type { SessionStore } from '../../lib/session';
import { fetchDiscountEvaluations, fetchDiscountQuestion, fetchLastDiscount } from './api';
import {
  readLocalEvaluations,
  readLocalLastDiscount,
  writeLocalEvaluations,
  writeLocalLastDiscount,
  type LocalEvaluation,
} from './local-record';

/** What a discount quiz page needs before it renders; the machine's first state comes from it. */
export interface DiscountQuizData {
  /** A new number on every load, so a reload starts the machine over. */
  loadId: number;
  /** When the data was read: 'today' for the first state (the machine counts it in Mexico City). */
  loadedAt: string;
  /** A random question; null when it could not be loaded (the question screen then offers a retry). */
  question: DiscountQuizQuestion | null;
  questionError: string | null;
  evaluations: LocalEvaluation[];
  lastDiscount: LastDiscount | null;
}

let loads = 0;

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/** The question is only needed on the question screen: its failure must not hide 'Ya participaste hoy'. */
async function loadQuestion(signal: AbortSignal): Promise<Pick<DiscountQuizData, 'question' | 'questionError'>> {
  try {
    return { question: await fetchDiscountQuestion(signal), questionError: null };
  } catch (error) {
    if (signal.aborted) throw error;
    return { question: null, questionError: messageOf(error) };
  }
}

function dataOf(
  question: Pick<DiscountQuizData, 'question' | 'questionError'>,
  evaluations: LocalEvaluation[],
  lastDiscount: LastDiscount | null,
): DiscountQuizData {
  loads += 1;
  return { loadId: loads, loadedAt: new Date().toISOString(), ...question, evaluations, lastDiscount };
}

/**
 * The public quiz: the server's attempts and last discount, copied to local storage (server wins). When
 * the server cannot answer, the local copy stands in, as in the spec's public quiz.
 */
export async function loadPublicQuizData(signal: AbortSignal): Promise<DiscountQuizData> {
  const [question, evaluations, lastDiscount] = await Promise.all([
    loadQuestion(signal),
    fetchDiscountEvaluations(signal).then(
      (fromServer) => {
        writeLocalEvaluations(fromServer);
        return fromServer as LocalEvaluation[];
      },
      () => readLocalEvaluations(),
    ),
    fetchLastDiscount(signal).then(
      (fromServer) => {
        writeLocalLastDiscount(fromServer?.discount ?? null);
        return fromServer;
      },
      (): LastDiscount | null => {
        const stored = readLocalLastDiscount();
        return stored ? { discount: stored, userAccepted: null } : null;
      },
    ),
  ]);
  return dataOf(question, evaluations, lastDiscount);
}

/**
 * The signed-in (and trial) quiz: refresh the token first (spec section 7), so the server knows the
 * account rather than the address, then read the attempts and the last discount. A session the server no
 * longer knows sends the person to log in and back here; other failures reach the route's error page.
 */
export async function loadAppQuizData(store: SessionStore, request: Request): Promise<DiscountQuizData> {
  const url = new URL(request.url);
  const toLogin = () => redirect(loginPathFor(`${url.pathname}${url.search}`));
  if ((await store.ready()).status !== 'signed-in') throw toLogin();
  const refreshed = await store.refresh();
  if (!refreshed && store.getSnapshot().status !== 'signed-in') throw toLogin();
  const [question, evaluations, lastDiscount] = await Promise.all([
    loadQuestion(request.signal),
    fetchDiscountEvaluations(request.signal),
    fetchLastDiscount(request.signal),
  ]);
  return dataOf(question, evaluations, lastDiscount);
}
