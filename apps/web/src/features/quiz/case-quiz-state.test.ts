import { describe, expect, it } from 'vitest';
import { allAnswered, canGrade, caseQuizReducer, INITIAL_CASE_QUIZ_STATE, type CaseQuizState } from './case-quiz-state';
import { gradeCase, makeCase, savedEvaluation } from './quiz-test-helpers';

const clinicCase = makeCase();
const [q1, q2] = clinicCase.questions as [(typeof clinicCase.questions)[0], (typeof clinicCase.questions)[0]];

function answering(): CaseQuizState {
  return caseQuizReducer(INITIAL_CASE_QUIZ_STATE, { type: 'loaded', round: 0, clinicCase });
}

describe('case quiz state', () => {
  it('starts loading and shows a loaded case with nothing selected', () => {
    const state = answering();
    expect(state).toMatchObject({ status: 'answering', round: 0, selections: {}, grading: false });
  });

  it('ignores an answer to an older request', () => {
    expect(caseQuizReducer(INITIAL_CASE_QUIZ_STATE, { type: 'loaded', round: 3, clinicCase })).toBe(INITIAL_CASE_QUIZ_STATE);
  });

  it('can grade only when every question has an option', () => {
    let state = answering();
    expect(canGrade(state)).toBe(false);
    state = caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    expect(canGrade(state)).toBe(false);
    expect(caseQuizReducer(state, { type: 'grade-started' })).toBe(state);
    state = caseQuizReducer(state, { type: 'select', questionId: q2.id, optionIndex: 0 });
    expect(state.status === 'answering' && allAnswered(clinicCase, state.selections)).toBe(true);
    expect(canGrade(state)).toBe(true);
  });

  it('rejects options a question does not have and unknown questions', () => {
    const state = answering();
    expect(caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 4 })).toBe(state);
    expect(caseQuizReducer(state, { type: 'select', questionId: 'otra', optionIndex: 0 })).toBe(state);
    expect(caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: -1 })).toBe(state);
  });

  it('locks the answers while grading and after, then moves to the next round in the same session', () => {
    let state = answering();
    state = caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = caseQuizReducer(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = caseQuizReducer(state, { type: 'grade-started' });
    expect(caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 0 })).toBe(state);
    state = caseQuizReducer(state, { type: 'graded', evaluations: gradeCase(clinicCase, { [q1.id]: 1, [q2.id]: 1 }) });
    expect(state.status).toBe('graded');
    expect(caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 0 })).toBe(state);
    expect(caseQuizReducer(state, { type: 'next' })).toEqual({ status: 'loading', round: 1 });
  });

  it('gives the buttons back after a failed grade', () => {
    let state = answering();
    state = caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = caseQuizReducer(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = caseQuizReducer(caseQuizReducer(state, { type: 'grade-started' }), { type: 'grade-failed' });
    expect(canGrade(state)).toBe(true);
  });

  it('saves only after grading, once at a time', () => {
    let state = answering();
    expect(caseQuizReducer(state, { type: 'save-started' })).toBe(state);
    state = caseQuizReducer(state, { type: 'select', questionId: q1.id, optionIndex: 1 });
    state = caseQuizReducer(state, { type: 'select', questionId: q2.id, optionIndex: 1 });
    state = caseQuizReducer(state, { type: 'graded', evaluations: gradeCase(clinicCase, {}) });
    state = caseQuizReducer(state, { type: 'save-started' });
    // No new case while the session is being saved.
    expect(caseQuizReducer(state, { type: 'next' })).toBe(state);
    const saved = savedEvaluation();
    expect(caseQuizReducer(state, { type: 'saved', saved })).toEqual({ status: 'saved', round: 0, saved });
  });

  it('retries a failed load as a new round', () => {
    const failed = caseQuizReducer(INITIAL_CASE_QUIZ_STATE, { type: 'load-failed', round: 0, message: 'Sin conexión', httpStatus: 0 });
    expect(failed).toEqual({ status: 'load-failed', round: 0, message: 'Sin conexión', httpStatus: 0 });
    expect(caseQuizReducer(failed, { type: 'next' })).toEqual({ status: 'loading', round: 1 });
  });
});
