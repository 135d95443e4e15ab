import { useCallback, useEffect, useRef } from 'react';
import type { Question } from '@galeno/domain/contracts/quiz';
import { canGrade, type QuizRoundState } from '@galeno/domain/quiz-round';
import { useTrialTimeUp } from '../../lib/trial-time-up';
import { evaluateQuestion, fetchRandomQuestion } from './api';
import { useTutorRound } from './use-tutor-round';

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

/**
 * One quiz session of single questions in tutor mode (`use-tutor-round.ts`), opened by the server (or already
 * opened: a review session); every answer carries its id.
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
  const loadRound = useCallback((round: number, signal: AbortSignal) => load(round, signal), [load]);
  const round = useTutorRound<SingleQuestionItem>({ kind: sessionId ? 'review' : 'single', sessionId, userId, load: loadRound });
  const { state } = round;
  // When the question on screen appeared: its answer's time (decision 016, the page's measure).
  const shownAt = useRef(0);
  const shownRound = state.status === 'answering' ? state.round : null;
  useEffect(() => {
    if (shownRound !== null) shownAt.current = Date.now();
  }, [shownRound]);
  const elapsed = () => (timed ? { elapsedMs: Math.min(3_600_000, Math.max(0, Date.now() - shownAt.current)) } : {});

  /** Resolves true when the answer was graded. */
  async function grade(): Promise<boolean> {
    if (!canGrade(state) || state.status !== 'answering') return false;
    const [question] = state.item.questions;
    const selectedOption = state.selections[question.id]!;
    return round.grade(async (_state, quizSessionId) => [
      await evaluateQuestion({ questionId: question.id, selectedOption, quizSessionId, ...elapsed() }),
    ]);
  }

  // A trial whose time runs out still has the answer on screen graded (issue 19); exams are never trials.
  useTrialTimeUp(() => grade());

  return {
    state,
    expired: round.expired,
    select: (optionIndex: number) => {
      if (state.status === 'answering') round.dispatch({ type: 'select', questionId: state.item.questions[0].id, optionIndex });
    },
    grade,
    save: round.save,
    next: round.next,
  };
}
