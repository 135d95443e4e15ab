import type { Question, QuestionEvaluation, SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';

/*
 * The single-question quiz (spec section 4, "Single question"): pick an option, 'Calificar', then
 * 'Siguiente pregunta' (or save the session). `round` numbers the questions, as in the case quiz.
 */

export type SingleQuestionState =
  | { status: 'loading'; round: number }
  | { status: 'load-failed'; round: number; message: string; httpStatus: number }
  | { status: 'answering'; round: number; question: Question; selected: number | undefined; grading: boolean }
  | { status: 'graded'; round: number; question: Question; selected: number; evaluation: QuestionEvaluation; saving: boolean }
  | { status: 'saved'; round: number; saved: SavedQuickQuizEvaluation };

export type SingleQuestionAction =
  | { type: 'loaded'; round: number; question: Question }
  | { type: 'load-failed'; round: number; message: string; httpStatus: number }
  | { type: 'select'; optionIndex: number }
  | { type: 'grade-started' }
  | { type: 'grade-failed' }
  | { type: 'graded'; evaluation: QuestionEvaluation }
  | { type: 'next' }
  | { type: 'save-started' }
  | { type: 'save-failed' }
  | { type: 'saved'; saved: SavedQuickQuizEvaluation };

export const INITIAL_SINGLE_QUESTION_STATE: SingleQuestionState = { status: 'loading', round: 0 };

export function canGradeQuestion(state: SingleQuestionState): boolean {
  return state.status === 'answering' && !state.grading && state.selected !== undefined;
}

export function singleQuestionReducer(state: SingleQuestionState, action: SingleQuestionAction): SingleQuestionState {
  switch (action.type) {
    case 'loaded':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'answering', round: state.round, question: action.question, selected: undefined, grading: false };
    case 'load-failed':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'load-failed', round: state.round, message: action.message, httpStatus: action.httpStatus };
    case 'select': {
      if (state.status !== 'answering' || state.grading) return state;
      const valid = Number.isInteger(action.optionIndex) && action.optionIndex >= 0 && action.optionIndex < state.question.options.length;
      return valid ? { ...state, selected: action.optionIndex } : state;
    }
    case 'grade-started':
      return canGradeQuestion(state) && state.status === 'answering' ? { ...state, grading: true } : state;
    case 'grade-failed':
      return state.status === 'answering' ? { ...state, grading: false } : state;
    case 'graded':
      if (state.status !== 'answering' || state.selected === undefined) return state;
      return { status: 'graded', round: state.round, question: state.question, selected: state.selected, evaluation: action.evaluation, saving: false };
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
