import { describe, expect, it } from 'vitest';
import type { QuestionEvaluation, SavedQuickQuizEvaluation } from './contracts/quiz.ts';
import {
  allAnswered,
  canGrade,
  INITIAL_QUIZ_ROUND_STATE,
  quizRoundReducer,
  type QuizRoundAction,
  type QuizRoundState,
} from './quiz-round.ts';

interface Item {
  id: string;
  questions: { id: string; options: string[] }[];
}
type State = QuizRoundState<Item>;
const INITIAL: State = INITIAL_QUIZ_ROUND_STATE;
const reduce = (state: State, action: QuizRoundAction<Item>) => quizRoundReducer(state, action);

/** A case of two questions (four and five options) and a single question: both are rounds. */
const clinicCase: Item = {
  id: 'caso-1',
  questions: [
    { id: 'p1', options: ['A', 'B', 'C', 'D'] },
    { id: 'p2', options: ['A', 'B', 'C', 'D', 'E'] },
  ],
};
const single: Item = { id: 'q-1', questions: [{ id: 'q-1', options: ['A', 'B', 'C', 'D'] }] };
const [q1, q2] = clinicCase.questions as [Item['questions'][0], Item['questions'][0]];

/** Option 1 (B) is right in the first question, option 0 (A) in the others. */
function gradeCase(item: Item, selected: Record<string, number>): QuestionEvaluation[] {
  return item.questions.map((question, index) => {
    const correctAnswer = index === 0 ? 1 : 0;
    const tags = { Especialidad: 'Pediatría y Neonatología', SubEspecialidad: 'Pediatría', Tema: 'Neumonía', Dificultad: 'Media' };
    return { questionId: question.id, correct: selected[question.id] === correctAnswer, correctAnswer, feedback: 'Explicación.', tags };
  });
}

function savedEvaluation(): SavedQuickQuizEvaluation {
  return {
    id: 'eval-1',
    quickQuizEvaluation: {
      date: '2026-11-24T12:00:00.000Z',
      formattedDate: '24/11/2026',
      totalQuestions: 2,
      totalCorrect: 1,
      averageScore: 50,
      specialityEvaluations: [],
    },
  };
}

function answering(): State {
  return reduce(INITIAL, { type: 'loaded', round: 0, item: clinicCase });
}

describe('quiz round', () => {
  it('starts loading and shows a loaded case with nothing selected', () => {
    const state = answering();
    expect(state).toMatchObject({ status: 'answering', round: 0, selections: {}, grading: false });
  });

  it('ignores an answer to an older request', () => {
    expect(reduce(INITIAL, { type: 'loaded', round: 3, item: clinicCase })).toBe(INITIAL);
  });

  it('can grade only when every question has an option', () => {
    let state = answering();
    expect(canGrade(state)).toBe(false);
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    expect(canGrade(state)).toBe(false);
    expect(reduce(state, { type: 'grade-started' })).toBe(state);
    state = reduce(state, { type: 'select', questionId: q2.id, optionIndex: 0 });
    expect(state.status === 'answering' && allAnswered(clinicCase, state.selections)).toBe(true);
    expect(canGrade(state)).toBe(true);
  });

  it('rejects options a question does not have and unknown questions', () => {
    const state = answering();
    expect(reduce(state, { type: 'select', questionId: q1.id, optionIndex: 4 })).toBe(state);
    expect(reduce(state, { type: 'select', questionId: 'otra', optionIndex: 0 })).toBe(state);
    expect(reduce(state, { type: 'select', questionId: q1.id, optionIndex: -1 })).toBe(state);
  });

  it('locks the answers while grading and after, then moves to the next round in the same session', () => {
    let state = answering();
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = reduce(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = reduce(state, { type: 'grade-started' });
    expect(reduce(state, { type: 'select', questionId: q1.id, optionIndex: 0 })).toBe(state);
    state = reduce(state, { type: 'graded', evaluations: gradeCase(clinicCase, { [q1.id]: 1, [q2.id]: 1 }) });
    expect(state.status).toBe('graded');
    expect(reduce(state, { type: 'select', questionId: q1.id, optionIndex: 0 })).toBe(state);
    expect(reduce(state, { type: 'next' })).toEqual({ status: 'loading', round: 1 });
  });

  it('gives the buttons back after a failed grade', () => {
    let state = answering();
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = reduce(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = reduce(reduce(state, { type: 'grade-started' }), { type: 'grade-failed' });
    expect(canGrade(state)).toBe(true);
  });

  it('saves only after grading, once at a time', () => {
    let state = answering();
    expect(reduce(state, { type: 'save-started' })).toBe(state);
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = reduce(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = reduce(state, { type: 'graded', evaluations: gradeCase(clinicCase, {}) });
    state = reduce(state, { type: 'save-started' });
    // No new case while the session is being saved.
    expect(reduce(state, { type: 'next' })).toBe(state);
    const saved = savedEvaluation();
    expect(reduce(state, { type: 'saved', saved })).toEqual({ status: 'saved', round: 0, saved });
  });

  it('retries a failed load as a new round', () => {
    const failed = reduce(INITIAL, { type: 'load-failed', round: 0, message: 'Sin conexión', httpStatus: 0 });
    expect(failed).toEqual({ status: 'load-failed', round: 0, message: 'Sin conexión', httpStatus: 0 });
    expect(reduce(failed, { type: 'next' })).toEqual({ status: 'loading', round: 1 });
  });
});

describe('a timed round whose time ran out', () => {
  it('freezes the choices and grades as it stands, once, marked as timed out', () => {
    let state = answering();
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    expect(canGrade(state)).toBe(false);
    state = reduce(state, { type: 'time-up' });
    expect(state).toMatchObject({ status: 'answering', timeUp: true });
    expect(reduce(state, { type: 'time-up' })).toBe(state);
    expect(canGrade(state)).toBe(true);
    // Too late to answer.
    expect(reduce(state, { type: 'select', questionId: q2.id, optionIndex: 0 })).toBe(state);
    // A failed grade keeps the round timed out, ready to grade again.
    state = reduce(reduce(state, { type: 'grade-started' }), { type: 'grade-failed' });
    expect(state).toMatchObject({ timeUp: true, grading: false });
    state = reduce(reduce(state, { type: 'grade-started' }), { type: 'graded', evaluations: gradeCase(clinicCase, { [q1.id]: 1 }) });
    expect(state).toMatchObject({ status: 'graded', timedOut: true, selections: { [q1.id]: 1 } });
    expect(reduce(state, { type: 'time-up' })).toBe(state);
  });

  it('is not marked so when graded in time', () => {
    let state = answering();
    state = reduce(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = reduce(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = reduce(reduce(state, { type: 'grade-started' }), { type: 'graded', evaluations: gradeCase(clinicCase, {}) });
    expect(state).not.toHaveProperty('timedOut');
  });
});

describe('a single question is a round of one', () => {
  it('grades once its one question has an option, and a new pick replaces the old one', () => {
    let state = reduce(INITIAL, { type: 'loaded', round: 0, item: single });
    expect(canGrade(state)).toBe(false);
    state = reduce(state, { type: 'select', questionId: 'q-1', optionIndex: 2 });
    state = reduce(state, { type: 'select', questionId: 'q-1', optionIndex: 3 });
    expect(state).toMatchObject({ status: 'answering', selections: { 'q-1': 3 } });
    expect(canGrade(state)).toBe(true);
    state = reduce(reduce(state, { type: 'grade-started' }), { type: 'graded', evaluations: gradeCase(single, { 'q-1': 3 }) });
    expect(state).toMatchObject({ status: 'graded', evaluations: { 'q-1': { correct: false, correctAnswer: 1 } } });
    expect(reduce(state, { type: 'next' })).toEqual({ status: 'loading', round: 1 });
  });
});
