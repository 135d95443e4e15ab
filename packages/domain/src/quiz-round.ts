import type { QuestionEvaluation, SavedQuickQuizEvaluation } from './contracts/quiz.ts';

/*
 * One quiz session on screen, round by round, as a pure reducer shared by every quiz flow: a round shows one item
 * (a clinical case with its questions, or a single question) and goes
 * loading → answering → (grading) → graded → either loading the next round (same quiz session) or saving → saved.
 * `round` numbers the items of a session, so an answer to an old request never lands on a newer item.
 * Type-only imports: the reducer ships no validation library to the page.
 */

/** What a round needs of its item: its questions, each with its options. */
export interface RoundItem {
  readonly questions: readonly { readonly id: string; readonly options: readonly unknown[] }[];
}

export type Selections = Readonly<Record<string, number>>;
export type Evaluations = Readonly<Record<string, QuestionEvaluation>>;

export type QuizRoundState<Item extends RoundItem> =
  | { status: 'loading'; round: number }
  | { status: 'load-failed'; round: number; message: string; httpStatus: number }
  /** `timeUp`: a timed round whose time ran out; its answers are final and it grades with questions left unanswered. */
  | { status: 'answering'; round: number; item: Item; selections: Selections; grading: boolean; timeUp?: boolean }
  | {
      status: 'graded';
      round: number;
      item: Item;
      selections: Selections;
      evaluations: Evaluations;
      saving: boolean;
      /** Graded because its time ran out. */
      timedOut?: boolean;
    }
  | { status: 'saved'; round: number; saved: SavedQuickQuizEvaluation };

export type QuizRoundAction<Item extends RoundItem> =
  | { type: 'loaded'; round: number; item: Item }
  | { type: 'load-failed'; round: number; message: string; httpStatus: number }
  | { type: 'select'; questionId: string; optionIndex: number }
  /** A timed round's time ran out: the choices freeze and it may be graded as it stands. */
  | { type: 'time-up' }
  | { type: 'grade-started' }
  | { type: 'grade-failed' }
  | { type: 'graded'; evaluations: readonly QuestionEvaluation[] }
  /** 'Siguiente' after grading, or 'Reintentar' after a failed load. */
  | { type: 'next' }
  | { type: 'save-started' }
  | { type: 'save-failed' }
  | { type: 'saved'; saved: SavedQuickQuizEvaluation };

export const INITIAL_QUIZ_ROUND_STATE = { status: 'loading', round: 0 } as const satisfies QuizRoundState<RoundItem>;

export function answeredCount(item: RoundItem, selections: Selections): number {
  return item.questions.filter((question) => selections[question.id] !== undefined).length;
}

/** 'Calificar' needs an option for every question of the item. */
export function allAnswered(item: RoundItem, selections: Selections): boolean {
  return answeredCount(item, selections) === item.questions.length;
}

/** 'Calificar' once every question has an option, or as it stands once a timed round's time ran out. */
export function canGrade<Item extends RoundItem>(state: QuizRoundState<Item>): boolean {
  return state.status === 'answering' && !state.grading && (state.timeUp === true || allAnswered(state.item, state.selections));
}

export function correctCount(evaluations: Evaluations): number {
  return Object.values(evaluations).filter((evaluation) => evaluation.correct).length;
}

export function quizRoundReducer<Item extends RoundItem>(state: QuizRoundState<Item>, action: QuizRoundAction<Item>): QuizRoundState<Item> {
  switch (action.type) {
    case 'loaded':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'answering', round: state.round, item: action.item, selections: {}, grading: false };

    case 'load-failed':
      if (state.status !== 'loading' || state.round !== action.round) return state;
      return { status: 'load-failed', round: state.round, message: action.message, httpStatus: action.httpStatus };

    case 'select': {
      if (state.status !== 'answering' || state.grading || state.timeUp) return state;
      const question = state.item.questions.find((candidate) => candidate.id === action.questionId);
      const valid =
        question && Number.isInteger(action.optionIndex) && action.optionIndex >= 0 && action.optionIndex < question.options.length;
      if (!valid || state.selections[action.questionId] === action.optionIndex) return state;
      return { ...state, selections: { ...state.selections, [action.questionId]: action.optionIndex } };
    }

    case 'time-up':
      return state.status === 'answering' && !state.timeUp ? { ...state, timeUp: true } : state;

    case 'grade-started':
      return canGrade(state) && state.status === 'answering' ? { ...state, grading: true } : state;

    case 'grade-failed':
      return state.status === 'answering' ? { ...state, grading: false } : state;

    case 'graded': {
      if (state.status !== 'answering') return state;
      const evaluations = Object.fromEntries(action.evaluations.map((evaluation) => [evaluation.questionId, evaluation]));
      const graded = {
        status: 'graded',
        round: state.round,
        item: state.item,
        selections: state.selections,
        evaluations,
        saving: false,
      } as const;
      return state.timeUp ? { ...graded, timedOut: true } : graded;
    }

    case 'next':
      if (state.status === 'load-failed' || (state.status === 'graded' && !state.saving))
        return { status: 'loading', round: state.round + 1 };
      return state;

    case 'save-started':
      return state.status === 'graded' && !state.saving ? { ...state, saving: true } : state;

    case 'save-failed':
      return state.status === 'graded' ? { ...state, saving: false } : state;

    case 'saved':
      return state.status === 'graded' ? { status: 'saved', round: state.round, saved: action.saved } : state;
  }
}
