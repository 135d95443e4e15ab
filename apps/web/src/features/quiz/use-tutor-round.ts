import { useEffect, useEffectEvent, useReducer } from 'react';
import type { QuestionEvaluation, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { INITIAL_QUIZ_ROUND_STATE, quizRoundReducer, type QuizRoundState, type RoundItem } from '@galeno/domain/quiz-round';
import { toast } from '../../components/ui/toast';
import { saveQuickQuizEvaluation } from './api';
import { useQuizFailure } from './use-quiz-failure';
import { useQuizSession, type QuizSessionHandle } from './use-quiz-session';

/** Sends a round's answers for grading in the session, resolving with their evaluations. */
export type SendRound<Item extends RoundItem> = (
  state: Extract<QuizRoundState<Item>, { status: 'answering' }>,
  quizSessionId: string,
) => Promise<readonly QuestionEvaluation[]>;

/**
 * A quiz session in tutor mode (issue 36, F1): the server opens it, each round loads an item (a case, or a single
 * question), the student answers and grades it (the key and explanation show at once), then goes on or saves. One
 * hook keeps what every tutor screen shares: the session, the round's state, loading, failures and «Guardar»; the
 * case and single-question hooks only say how an item loads and how its answers are sent.
 */
export function useTutorRound<Item extends RoundItem>({
  kind,
  sessionId,
  userId,
  load,
  initialItem,
}: {
  kind: QuizSessionKind;
  /** A session the server already opened (a review session). */
  sessionId?: string | undefined;
  userId: string;
  /** Loads round n's item; the session's id, once open, lets the server avoid what this session already served. */
  load: (round: number, signal: AbortSignal, session: QuizSessionHandle) => Promise<Item>;
  /** The first round's item, already drawn (by the page's loader): the round starts on it, answering. */
  initialItem?: Item | null | undefined;
}) {
  const session = useQuizSession(kind, sessionId);
  const [state, dispatch] = useReducer(quizRoundReducer<Item>, INITIAL_QUIZ_ROUND_STATE, (initial): QuizRoundState<Item> =>
    initialItem ? { status: 'answering', round: initial.round, item: initialItem, selections: {}, grading: false } : initial,
  );
  const { expired, handleFailure } = useQuizFailure();
  const loadingRound = state.status === 'loading' ? state.round : null;

  const onLoadFailed = useEffectEvent((round: number, error: unknown) => {
    const failure = handleFailure(error);
    if (failure.kind === 'message') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: failure.status });
    else if (failure.kind === 'expired') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: 403 });
  });

  useEffect(() => {
    if (loadingRound === null) return;
    const controller = new AbortController();
    load(loadingRound, controller.signal, session).then(
      (item) => dispatch({ type: 'loaded', round: loadingRound, item }),
      (error: unknown) => onLoadFailed(loadingRound, error),
    );
    return () => controller.abort();
  }, [loadingRound, load, session]);

  // Spec section 8: a failed evaluation shows the server's message (or 'Ocurrió un error desconocido. Intenta nuevamente.') as a toast.
  function showFailure(error: unknown) {
    const failure = handleFailure(error);
    if (failure.kind === 'message') toast.error(failure.message);
  }

  /**
   * Grades the round on screen through `send` (its answers, in the session); resolves true when it was graded.
   * `timeUp`: the timed quiz's time for it ran out, so its choices freeze first.
   */
  async function grade(send: SendRound<Item>, { timeUp = false } = {}): Promise<boolean> {
    if (state.status !== 'answering' || state.grading) return false;
    if (timeUp) dispatch({ type: 'time-up' });
    dispatch({ type: 'grade-started' });
    try {
      dispatch({ type: 'graded', evaluations: [...(await send(state, await session.open()))] });
      return true;
    } catch (error) {
      dispatch({ type: 'grade-failed' });
      showFailure(error);
      return false;
    }
  }

  async function save(): Promise<void> {
    if (state.status !== 'graded' || state.saving) return;
    dispatch({ type: 'save-started' });
    try {
      dispatch({ type: 'saved', saved: await saveQuickQuizEvaluation({ userId, quizSessionId: await session.open() }) });
    } catch (error) {
      dispatch({ type: 'save-failed' });
      showFailure(error);
    }
  }

  return { state, dispatch, expired, grade, save, next: () => dispatch({ type: 'next' }) };
}
