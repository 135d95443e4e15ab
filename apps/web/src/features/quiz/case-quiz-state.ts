import type { ClinicCase, QuestionEvaluation, SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';

/*
 * The clinical-case quiz (spec section 4, "Clinical case quiz") as a pure reducer:
 * loading → answering → (grading) → graded → either loading the next case (same quiz session) or saving → saved.
 * `round` numbers the cases of a session, so an answer to an old request never lands on a newer case.
 */

export type Selections = Readonly<Record<string, number>>;
export type Evaluations = Readonly<Record<string, QuestionEvaluation>>;

export type CaseQuizState =
  | { status: 'loading'; round: number }
  | { status: 'load-failed'; round: number; message: string; httpStatus: number }
  | { status: 'answering'; round: number; clinicCase: ClinicCase; selections: Selections; grading: boolean }
  | { status: 'graded'; round: number; clinicCase: ClinicCase; selections: Selections; evaluations: Evaluations; saving: boolean }
  | { status: 'saved'; round: number; saved: SavedQuickQuizEvaluation };

export type CaseQuizAction =
  | { type: 'loaded'; round: number; clinicCase: ClinicCase }
  | { type: 'load-failed'; round: number; message: string; httpStatus: number }
  | { type: 'select'; questionId: string; optionIndex: number }
  | { type: 'grade-started' }
  | { type: 'grade-failed' }
  | { type: 'graded'; evaluations: readonly QuestionEvaluation[] }
  /** 'Siguiente' after grading, or 'Reintentar' after a failed load. */
  | { type: 'next' }
  | { type: 'save-started' }
  | { type: 'save-failed' }
  | { type: 'saved'; saved: SavedQuickQuizEvaluation };

export const INITIAL_CASE_QUIZ_STATE: CaseQuizState = { status: 'loading', round: 0 };

export function answeredCount(clinicCase: ClinicCase, selections: Selections): number {
  return clinicCase.questions.filter((question) => selections[question.id] !== undefined).length;
}

/** 'Calificar' needs an option for every question of the case. */
export function allAnswered(clinicCase: ClinicCase, selections: Selections): boolean {
  return answeredCount(clinicCase, selections) === clinicCase.questions.length;
}

export function canGrade(state: CaseQuizState): boolean {
  return state.status === 'answering' && !state.grading && allAnswered(state.clinicCase, state.selections);
}

export function correctCount(evaluations: Evaluations): number {
  return Object.values(evaluations).filter((evaluation) => evaluation.correct).length;
}

export function caseQuizReducer(state: CaseQuizState, action: CaseQuizAction): CaseQuizState {
  switch (action.type) {
    case 'loaded':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'answering', round: state.round, clinicCase: action.clinicCase, selections: {}, grading: false };

    case 'load-failed':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'load-failed', round: state.round, message: action.message, httpStatus: action.httpStatus };

    case 'select': {
      if (state.status !== 'answering' || state.grading) return state;
      const question = state.clinicCase.questions.find((candidate) => candidate.id === action.questionId);
      const valid = question && Number.isInteger(action.optionIndex) && action.optionIndex >= 0 && action.optionIndex < question.options.length;
      if (!valid || state.selections[action.questionId] === action.optionIndex) return state;
      return { ...state, selections: { ...state.selections, [action.questionId]: action.optionIndex } };
    }

    case 'grade-started':
      return canGrade(state) && state.status === 'answering' ? { ...state, grading: true } : state;

    case 'grade-failed':
      return state.status === 'answering' ? { ...state, grading: false } : state;

    case 'graded': {
      if (state.status !== 'answering') return state;
      const evaluations = Object.fromEntries(action.evaluations.map((evaluation) => [evaluation.questionId, evaluation]));
      return { status: 'graded', round: state.round, clinicCase: state.clinicCase, selections: state.selections, evaluations, saving: false };
    }

    case 'next':
      if (state.status === 'load-failed' || (state.status === 'graded' && !state.saving)) return { status: 'loading', round: state.round + 1 };
      return state;

    case 'save-started':
      return state.status === 'graded' && !state.saving ? { ...state, saving: true } : state;

    case 'save-failed':
      return state.status === 'graded' ? { ...state, saving: false } : state;

    case 'saved':
      return state.status === 'graded' ? { status: 'saved', round: state.round, saved: action.saved } : state;
  }
}
