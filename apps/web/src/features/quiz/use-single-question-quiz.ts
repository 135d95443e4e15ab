import { useEffect, useEffectEvent, useReducer, useRef } from 'react';
import type { Question } from '@galeno/domain/contracts/quiz';
import { canGrade, INITIAL_QUIZ_ROUND_STATE, quizRoundReducer, type QuizRoundState } from '@galeno/domain/quiz-round';
import { toast } from '../../components/ui/toast';
import { useTrialTimeUp } from '../../lib/trial-time-up';
import { evaluateQuestion, fetchRandomQuestion, saveQuickQuizEvaluation } from './api';
import { useQuizFailure } from './use-quiz-failure';
import { useQuizSession } from './use-quiz-session';

/** A single question is a round of one question (the shared quiz-round reducer). */
export interface SingleQuestionItem {
  questions: readonly [Question];
  /** The case a question belongs to, shown above it when a review session serves a case's question alone. */
  caseText: string | null;
}

/** Loads the question of round n: a random one, or the n-th of a review session's list. */
export type LoadQuestion = (round: number, signal: AbortSignal) => Promise<SingleQuestionItem>;

const randomQuestion: LoadQuestion = async (_round, signal) => ({ questions: [await fetchRandomQuestion(signal)], caseText: null });
export type SingleQuestionState = QuizRoundState<SingleQuestionItem>;
const INITIAL_STATE: SingleQuestionState = INITIAL_QUIZ_ROUND_STATE;

/**
 * One quiz session of single questions, opened by the server (or already opened: a review session); every answer
 * carries its id.
 */
export function useSingleQuestionQuiz({
  userId,
  sessionId,
  load = randomQuestion,
  timed = false,
}: {
  userId: string;
  sessionId?: string;
  load?: LoadQuestion;
  /** A tutor-mode exam with a time per question: each answer carries the time the question was on screen. */
  timed?: boolean;
}) {
  const session = useQuizSession(sessionId ? 'review' : 'single', sessionId);
  const [state, dispatch] = useReducer(quizRoundReducer<SingleQuestionItem>, INITIAL_STATE);
  const { expired, handleFailure } = useQuizFailure();
  const loadingRound = state.status === 'loading' ? state.round : null;
  // When the question on screen appeared: its answer's time (decision 016, the page's measure).
  const shownAt = useRef(0);
  const shownRound = state.status === 'answering' ? state.round : null;
  useEffect(() => {
    if (shownRound !== null) shownAt.current = Date.now();
  }, [shownRound]);
  const elapsed = () => (timed ? { elapsedMs: Math.min(3_600_000, Math.max(0, Date.now() - shownAt.current)) } : {});
  const onLoadFailed = useEffectEvent((round: number, error: unknown) => {
    const failure = handleFailure(error);
    if (failure.kind === 'message') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: failure.status });
    else if (failure.kind === 'expired') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: 403 });
  });

  useEffect(() => {
    if (loadingRound === null) return;
    const controller = new AbortController();
    load(loadingRound, controller.signal).then(
      (item) => dispatch({ type: 'loaded', round: loadingRound, item }),
      (error: unknown) => onLoadFailed(loadingRound, error),
    );
    return () => controller.abort();
  }, [loadingRound, load]);

  // Spec section 8: a failed evaluation shows the server's message (or 'Ocurrió un error desconocido. Intenta nuevamente.') as a toast.
  function showFailure(error: unknown) {
    const failure = handleFailure(error);
    if (failure.kind === 'message') toast.error(failure.message);
  }

  /** Resolves true when the answer was graded. */
  async function grade(): Promise<boolean> {
    if (!canGrade(state) || state.status !== 'answering') return false;
    const [question] = state.item.questions;
    dispatch({ type: 'grade-started' });
    try {
      const evaluation = await evaluateQuestion({
        questionId: question.id,
        selectedOption: state.selections[question.id]!,
        quizSessionId: await session.open(),
        ...elapsed(),
      });
      dispatch({ type: 'graded', evaluations: [evaluation] });
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

  // A trial whose time runs out still has the answer on screen graded (issue 19); exams are never trials.
  useTrialTimeUp(() => grade());

  return {
    state,
    expired,
    select: (optionIndex: number) => {
      if (state.status === 'answering') dispatch({ type: 'select', questionId: state.item.questions[0].id, optionIndex });
    },
    grade,
    save,
    next: () => dispatch({ type: 'next' }),
  };
}
