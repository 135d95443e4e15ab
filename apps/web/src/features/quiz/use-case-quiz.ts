import { useCallback, useEffect, useRef, useState } from 'react';
import { rulesOf } from '@galeno/domain/session-kinds';
import type { ClinicCase, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { addTimeSpent, caseLimitSeconds, NO_TIME_SPENT, type TimeSpent } from '@galeno/domain/quiz-pace';
import { allAnswered, type QuizRoundState } from '@galeno/domain/quiz-round';
import { useTrialTimeUp } from '../../lib/trial-time-up';
import { evaluateClinicCase } from './api';
import type { QuizSessionHandle } from './use-quiz-session';
import { useTutorRound } from './use-tutor-round';

/** The session id (once the server opened it) lets the server avoid the cases already answered in this session. */
export type LoadClinicCase = (signal: AbortSignal, quizSessionId: string | undefined) => Promise<ClinicCase>;

export type CaseQuizState = QuizRoundState<ClinicCase>;

/** The most a case's time may be, as the server takes it. */
const MAX_ELAPSED_MS = 3_600_000;

/**
 * Runs one quiz session of clinical cases (tutor mode, `use-tutor-round.ts`): loads a case, grades it, then loads the
 * next one or saves. The timed quiz also sends each case's time, grades a case as it stands when its time (its
 * questions at `secondsPerQuestion`) runs out, and keeps the session's time for the pace indicator.
 */
export function useCaseQuiz({
  loadCase,
  userId,
  kind,
  secondsPerQuestion,
  firstCase,
}: {
  loadCase: LoadClinicCase;
  userId: string;
  kind: QuizSessionKind;
  secondsPerQuestion?: number | undefined;
  /** The first case, already drawn by the page's loader: the quiz opens on it. */
  firstCase?: ClinicCase | null | undefined;
}) {
  /** When the case on screen appeared: the timed quiz's time for it runs from there. */
  const shownAt = useRef(0);
  useEffect(() => {
    // The case the page opened on appears with the page.
    if (firstCase) shownAt.current = Date.now();
  }, [firstCase]);
  const load = useCallback(
    async (_round: number, signal: AbortSignal, session: QuizSessionHandle) => {
      const clinicCase = await loadCase(signal, session.currentId());
      shownAt.current = Date.now();
      return clinicCase;
    },
    [loadCase],
  );
  const round = useTutorRound<ClinicCase>({ kind, userId, load, initialItem: firstCase });
  const { state } = round;
  /** The timed quiz: the questions answered in its graded cases and the time they took. */
  const [timeSpent, setTimeSpent] = useState<TimeSpent>(NO_TIME_SPENT);

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
    const answered = clinicCase.questions.filter((question) => selections[question.id] !== undefined);
    // Only a kind with a clock per case may send a case unanswered when its time runs out (session-kinds.ts).
    const timed = rulesOf(kind).clock === 'per case';
    const spentMs = elapsedMs(clinicCase, outOfTime);
    const graded = await round.grade(
      (_state, quizSessionId) =>
        evaluateClinicCase({
          clinicCaseId: clinicCase.id,
          selectedOptions: answered.map((question) => ({
            questionId: question.id,
            optionSelectedIndex: selections[question.id] as number,
          })),
          quizSessionId,
          // The timed quiz keeps the time spent on the case (the server shares it among its answered questions).
          ...(timed ? { elapsedMs: spentMs } : {}),
          ...(timed && outOfTime ? { timeUp: true } : {}),
        }),
      { timeUp },
    );
    if (graded && timed) setTimeSpent((total) => addTimeSpent(total, answered.length, spentMs));
  }

  // A trial whose time runs out still has the answer on screen graded (issue 19).
  useTrialTimeUp(() => grade());

  return {
    state,
    expired: round.expired,
    /** The timed quiz's session so far, for the pace indicator. */
    timeSpent,
    select: (questionId: string, optionIndex: number) => round.dispatch({ type: 'select', questionId, optionIndex }),
    grade: () => grade(),
    /** The timed quiz's time for the case on screen ran out. */
    timeUp: () => grade(true),
    save: round.save,
    next: round.next,
  };
}
