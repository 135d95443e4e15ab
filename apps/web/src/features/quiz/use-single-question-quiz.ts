import { useEffect, useEffectEvent, useReducer } from 'react';
import { toast } from '../../components/ui/toast';
import { evaluateQuestion, fetchRandomQuestion, saveQuickQuizEvaluation } from './api';
import { canGradeQuestion, INITIAL_SINGLE_QUESTION_STATE, singleQuestionReducer } from './single-question-state';
import { useQuizFailure } from './use-quiz-failure';
import { useUnsavedSession } from './use-unsaved-session';
import { useQuizSession } from './use-quiz-session';

/** One quiz session of single questions, opened by the server; every answer carries its id. */
export function useSingleQuestionQuiz({ userId }: { userId: string }) {
  const session = useQuizSession('single');
  const [state, dispatch] = useReducer(singleQuestionReducer, INITIAL_SINGLE_QUESTION_STATE);
  const { expired, handleFailure } = useQuizFailure();
  const unsaved = useUnsavedSession({ userId, openSession: session.open, saved: state.status === 'saved', onFailure: showFailure });

  const loadingRound = state.status === 'loading' ? state.round : null;
  const onLoadFailed = useEffectEvent((round: number, error: unknown) => {
    const failure = handleFailure(error);
    if (failure.kind === 'message') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: failure.status });
    else if (failure.kind === 'expired') dispatch({ type: 'load-failed', round, message: failure.message, httpStatus: 403 });
  });

  useEffect(() => {
    if (loadingRound === null) return;
    const controller = new AbortController();
    fetchRandomQuestion(controller.signal).then(
      (question) => dispatch({ type: 'loaded', round: loadingRound, question }),
      (error: unknown) => onLoadFailed(loadingRound, error),
    );
    return () => controller.abort();
  }, [loadingRound]);

  // Spec section 8: a failed evaluation shows the server's message (or 'Ocurrió un error desconocido. Intenta nuevamente.') as a toast.
  function showFailure(error: unknown) {
    const failure = handleFailure(error);
    if (failure.kind === 'message') toast.error(failure.message);
  }

  /** Resolves true when the answer was graded. */
  async function grade(): Promise<boolean> {
    if (!canGradeQuestion(state) || state.status !== 'answering' || state.selected === undefined) return false;
    dispatch({ type: 'grade-started' });
    try {
      const evaluation = await evaluateQuestion({ questionId: state.question.id, selectedOption: state.selected, quizSessionId: await session.open() });
      dispatch({ type: 'graded', evaluation });
      unsaved.markGraded();
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

  return {
    state,
    expired,
    /** For 'Salir': set while graded answers of this session are not saved. */
    unsaved: unsaved.session,
    select: (optionIndex: number) => dispatch({ type: 'select', optionIndex }),
    grade,
    save,
    next: () => dispatch({ type: 'next' }),
  };
}
