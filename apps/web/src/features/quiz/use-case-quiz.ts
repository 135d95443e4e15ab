import { useEffect, useEffectEvent, useReducer, useRef } from 'react';
import type { ClinicCase, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { canGrade, INITIAL_QUIZ_ROUND_STATE, quizRoundReducer, type QuizRoundState } from '@galeno/domain/quiz-round';
import { toast } from '../../components/ui/toast';
import { useTrialTimeUp } from '../../lib/trial-time-up';
import { evaluateClinicCase, saveQuickQuizEvaluation } from './api';
import { useQuizFailure } from './use-quiz-failure';
import { useUnsavedSession } from './use-unsaved-session';
import { useQuizSession } from './use-quiz-session';

/** The session id (once the server opened it) lets the server avoid the cases already answered in this session. */
export type LoadClinicCase = (signal: AbortSignal, quizSessionId: string | undefined) => Promise<ClinicCase>;

export type CaseQuizState = QuizRoundState<ClinicCase>;
const INITIAL_STATE: CaseQuizState = INITIAL_QUIZ_ROUND_STATE;

/**
 * Runs one quiz session of clinical cases: loads a case, grades it, then loads the next one or saves.
 * Every evaluation carries the id of the session the server opened, and saving asks the server to sum them up.
 */
export function useCaseQuiz({ loadCase, userId, kind }: { loadCase: LoadClinicCase; userId: string; kind: QuizSessionKind }) {
  const session = useQuizSession(kind);
  const [state, dispatch] = useReducer(quizRoundReducer<ClinicCase>, INITIAL_STATE);
  const { expired, handleFailure } = useQuizFailure();
  const unsaved = useUnsavedSession({ userId, openSession: session.open, saved: state.status === 'saved', onFailure: showFailure });

  const loadingRound = state.status === 'loading' ? state.round : null;
  /** When the case on screen appeared: the timed quiz's time for it runs from there. */
  const shownAt = useRef(0);
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

  async function grade(): Promise<void> {
    if (!canGrade(state) || state.status !== 'answering') return;
    const { item: clinicCase, selections } = state;
    dispatch({ type: 'grade-started' });
    try {
      const evaluations = await evaluateClinicCase({
        clinicCaseId: clinicCase.id,
        selectedOptions: clinicCase.questions.map((question) => ({
          questionId: question.id,
          optionSelectedIndex: selections[question.id] as number,
        })),
        quizSessionId: await session.open(),
        // The timed quiz keeps the time spent on the case (the server shares it among its questions).
        ...(kind === 'timed' ? { elapsedMs: Math.min(3_600_000, Math.max(0, Date.now() - shownAt.current)) } : {}),
      });
      dispatch({ type: 'graded', evaluations });
      unsaved.markGraded();
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
    /** For 'Salir': set while graded answers of this session are not saved. */
    unsaved: unsaved.session,
    select: (questionId: string, optionIndex: number) => dispatch({ type: 'select', questionId, optionIndex }),
    grade,
    save,
    next: () => dispatch({ type: 'next' }),
  };
}
