import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { rulesOf } from '@galeno/domain/session-kinds';
import type { ClinicCase, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { addTimeSpent, caseLimitSeconds, NO_TIME_SPENT, type TimeSpent } from '@galeno/domain/quiz-pace';
import { allAnswered, INITIAL_QUIZ_ROUND_STATE, quizRoundReducer, type QuizRoundState } from '@galeno/domain/quiz-round';
import { toast } from '../../components/ui/toast';
import { useTrialTimeUp } from '../../lib/trial-time-up';
import { evaluateClinicCase, saveQuickQuizEvaluation } from './api';
import { useQuizFailure } from './use-quiz-failure';
import { useQuizSession } from './use-quiz-session';

/** The session id (once the server opened it) lets the server avoid the cases already answered in this session. */
export type LoadClinicCase = (signal: AbortSignal, quizSessionId: string | undefined) => Promise<ClinicCase>;

export type CaseQuizState = QuizRoundState<ClinicCase>;
const INITIAL_STATE: CaseQuizState = INITIAL_QUIZ_ROUND_STATE;

/** The most a case's time may be, as the server takes it. */
const MAX_ELAPSED_MS = 3_600_000;

/**
 * Runs one quiz session of clinical cases: loads a case, grades it, then loads the next one or saves.
 * Every evaluation carries the id of the session the server opened, and saving asks the server to sum them up.
 * The timed quiz also sends each case's time, grades a case as it stands when its time (its questions at
 * `secondsPerQuestion`) runs out, and keeps the session's time for the pace indicator.
 */
export function useCaseQuiz({
  loadCase,
  userId,
  kind,
  secondsPerQuestion,
}: {
  loadCase: LoadClinicCase;
  userId: string;
  kind: QuizSessionKind;
  secondsPerQuestion?: number | undefined;
}) {
  const session = useQuizSession(kind);
  const [state, dispatch] = useReducer(quizRoundReducer<ClinicCase>, INITIAL_STATE);
  const { expired, handleFailure } = useQuizFailure();
  const loadingRound = state.status === 'loading' ? state.round : null;
  /** When the case on screen appeared: the timed quiz's time for it runs from there. */
  const shownAt = useRef(0);
  /** The timed quiz: the questions answered in its graded cases and the time they took. */
  const [timeSpent, setTimeSpent] = useState<TimeSpent>(NO_TIME_SPENT);
  const onLoadFailed = useEffectEvent((round: number, error: unknown) => {
    const failure = handleFailure(error);
    if (failure.kind === 'aborted') return;
    if (failure.kind === 'message') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: failure.status });
    else if (failure.kind === 'expired') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: 403 });
  });

  useEffect(() => {
    if (loadingRound === null) return;
    const controller = new AbortController();
    loadCase(controller.signal, session.currentId()).then(
      (clinicCase) => {
        shownAt.current = Date.now();
        dispatch({ type: 'loaded', round: loadingRound, item: clinicCase });
      },
      (error: unknown) => onLoadFailed(loadingRound, error),
    );
    return () => controller.abort();
  }, [loadingRound, loadCase, session]);

  // Spec section 8: a failed evaluation shows the server's message (or 'Ocurrió un error desconocido. Intenta nuevamente.') as a toast.
  function showFailure(error: unknown) {
    const failure = handleFailure(error);
    if (failure.kind === 'message') toast.error(failure.message);
  }

  /** The time on the case so far; once its time ran out, the case took exactly its time. */
  function elapsedMs(clinicCase: ClinicCase, outOfTime: boolean): number {
    const elapsed = Math.min(MAX_ELAPSED_MS, Math.max(0, Date.now() - shownAt.current));
    if (!outOfTime || !secondsPerQuestion) return elapsed;
    return Math.min(elapsed, caseLimitSeconds(clinicCase.questions.length, secondsPerQuestion) * 1000);
  }

  /**
   * 'Calificar' once every question has an answer; `timeUp` (the timed quiz's time for the case ran out) grades the
   * answers chosen as they stand, the rest unanswered, and freezes the choices.
   */
  async function grade(timeUp = false): Promise<void> {
    if (state.status !== 'answering' || state.grading) return;
    const { item: clinicCase, selections } = state;
    const outOfTime = timeUp || state.timeUp === true;
    if (!outOfTime && !allAnswered(clinicCase, selections)) return;
    if (timeUp) dispatch({ type: 'time-up' });
    dispatch({ type: 'grade-started' });
    const answered = clinicCase.questions.filter((question) => selections[question.id] !== undefined);
    // Only a kind with a clock per case may send a case unanswered when its time runs out (session-kinds.ts).
    const timed = rulesOf(kind).clock === 'per case';
    const spentMs = elapsedMs(clinicCase, outOfTime);
    try {
      const evaluations = await evaluateClinicCase({
        clinicCaseId: clinicCase.id,
        selectedOptions: answered.map((question) => ({
          questionId: question.id,
          optionSelectedIndex: selections[question.id] as number,
        })),
        quizSessionId: await session.open(),
        // The timed quiz keeps the time spent on the case (the server shares it among its answered questions).
        ...(timed ? { elapsedMs: spentMs } : {}),
        ...(timed && outOfTime ? { timeUp: true } : {}),
      });
      dispatch({ type: 'graded', evaluations });
      if (timed) setTimeSpent((total) => addTimeSpent(total, answered.length, spentMs));
    } catch (error) {
      dispatch({ type: 'grade-failed' });
      showFailure(error);
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

  // A trial whose time runs out still has the answer on screen graded (issue 19).
  useTrialTimeUp(() => grade());

  return {
    state,
    expired,
    /** The timed quiz's session so far, for the pace indicator. */
    timeSpent,
    select: (questionId: string, optionIndex: number) => dispatch({ type: 'select', questionId, optionIndex }),
    grade: () => grade(),
    /** The timed quiz's time for the case on screen ran out. */
    timeUp: () => grade(true),
    save,
    next: () => dispatch({ type: 'next' }),
  };
}
