/**
 * The simulacro page's state (decision 017): where the student is, what they chose, what the server has not
 * confirmed yet, and the part being answered. Pure: a transition that does not apply returns the same object, so
 * a double tap or a late response cannot move the page twice.
 */

export type SittingStatus = 'en-curso' | 'pausa' | 'terminado';

export interface SittingState {
  questionIds: readonly string[];
  parts: readonly { from: number; to: number }[];
  part: number;
  status: SittingStatus;
  /** The question on screen (an index into `questionIds`, always inside the current part). */
  index: number;
  /** Every answer chosen, saved or not. */
  selections: Readonly<Record<string, number>>;
  /** Answers chosen and not yet confirmed by the server (autosave retries them). */
  unsaved: Readonly<Record<string, number>>;
  /**
   * Which clinical case each question belongs to (null for a single question); a case's questions are consecutive.
   * As in the exam, question n + 1 of a case opens only once question n has an answer.
   */
  caseOf?: readonly (string | null)[] | undefined;
}

export type SittingAction =
  | { type: 'go'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'select'; questionId: string; option: number }
  | { type: 'saved'; answers: readonly { questionId: string; optionSelectedIndex: number }[] }
  | { type: 'clock'; status: SittingStatus; part: number };

export interface SittingStart {
  questionIds: readonly string[];
  parts: readonly { from: number; to: number }[];
  part: number;
  status: SittingStatus;
  /** The server's answers. */
  saved: readonly { questionId: string; selectedIndex: number }[];
  /** Answers this device chose and never got confirmed (kept in the browser): they win over the server's. */
  pending?: Readonly<Record<string, number>>;
  /** The question the student was on at the last save (the server keeps it for every device). */
  position?: number;
  caseOf?: readonly (string | null)[];
}

/** Whether a question waits for an earlier question of its case to be answered (cases unfold as in the exam). */
export function isLocked(state: Pick<SittingState, 'questionIds' | 'selections' | 'caseOf'>, index: number): boolean {
  const caseId = state.caseOf?.[index];
  if (caseId === null || caseId === undefined) return false;
  for (let earlier = index - 1; earlier >= 0 && state.caseOf?.[earlier] === caseId; earlier--) {
    if (state.selections[state.questionIds[earlier]!] === undefined) return true;
  }
  return false;
}

/**
 * The case each question belongs to, from the case texts in order: a case's questions come together and share its
 * text; a single question (no case text) belongs to none.
 */
export function caseGroups(caseTexts: readonly (string | null)[]): (string | null)[] {
  let caseNumber = 0;
  return caseTexts.map((caseText, index) => {
    if (caseText === null) return null;
    if (index === 0 || caseTexts[index - 1] !== caseText) caseNumber += 1;
    return `caso-${caseNumber}`;
  });
}

function rangeOf(state: Pick<SittingState, 'parts' | 'part' | 'questionIds'>) {
  return state.parts[state.part] ?? { from: 0, to: state.questionIds.length };
}

/**
 * Opens where the student left off: the question they were on at the last save, if it is in the current part;
 * else the part's first unanswered question, else its first.
 */
export function startSitting(start: SittingStart): SittingState {
  const inList = new Set(start.questionIds);
  const pending = Object.fromEntries(Object.entries(start.pending ?? {}).filter(([id]) => inList.has(id)));
  const selections = { ...Object.fromEntries(start.saved.map((answer) => [answer.questionId, answer.selectedIndex])), ...pending };
  const base = {
    questionIds: start.questionIds,
    parts: start.parts,
    part: start.part,
    status: start.status,
    selections,
    unsaved: pending,
    caseOf: start.caseOf,
  };
  const { from, to } = rangeOf(base);
  if (start.position !== undefined && start.position >= from && start.position < to && !isLocked(base, start.position)) {
    return { ...base, index: start.position };
  }
  const open = start.questionIds.slice(from, to).findIndex((id) => selections[id] === undefined);
  return { ...base, index: open === -1 ? from : from + open };
}

export function sittingReducer(state: SittingState, action: SittingAction): SittingState {
  const { from, to } = rangeOf(state);
  switch (action.type) {
    case 'go': {
      if (action.index < from || action.index >= to || action.index === state.index || isLocked(state, action.index)) return state;
      return { ...state, index: action.index };
    }
    case 'next':
      return state.index + 1 < to && !isLocked(state, state.index + 1) ? { ...state, index: state.index + 1 } : state;
    case 'previous':
      return state.index - 1 >= from ? { ...state, index: state.index - 1 } : state;
    case 'select': {
      if (state.status !== 'en-curso' || state.selections[action.questionId] === action.option) return state;
      const position = state.questionIds.indexOf(action.questionId);
      if (position < from || position >= to) return state;
      return {
        ...state,
        selections: { ...state.selections, [action.questionId]: action.option },
        unsaved: { ...state.unsaved, [action.questionId]: action.option },
      };
    }
    case 'saved': {
      // Only what is still the student's choice is settled: a newer choice made meanwhile stays unsaved.
      const settled = action.answers.filter((answer) => state.unsaved[answer.questionId] === answer.optionSelectedIndex);
      if (settled.length === 0) return state;
      const unsaved = { ...state.unsaved };
      for (const answer of settled) delete unsaved[answer.questionId];
      return { ...state, unsaved };
    }
    case 'clock': {
      if (action.status === state.status && action.part === state.part) return state;
      const moved = { ...state, status: action.status, part: action.part };
      // A new part opens at its first question.
      return action.part !== state.part ? { ...moved, index: rangeOf(moved).from } : moved;
    }
  }
}

export type PaletteEntry = {
  index: number;
  number: number;
  questionId: string;
  answered: boolean;
  flagged: boolean;
  current: boolean;
  /** Waits for an earlier question of its case (cases unfold as in the exam). */
  locked: boolean;
};

/** The current part's questions for the palette: answered, flagged, the one on screen. */
export function paletteOf(state: SittingState, flagged: ReadonlySet<string>): PaletteEntry[] {
  const { from, to } = rangeOf(state);
  return state.questionIds.slice(from, to).map((questionId, offset) => ({
    index: from + offset,
    number: from + offset + 1,
    questionId,
    answered: state.selections[questionId] !== undefined,
    flagged: flagged.has(questionId),
    current: from + offset === state.index,
    locked: isLocked(state, from + offset),
  }));
}

/** How many questions of the current part have no answer yet. */
export function unansweredInPart(state: SittingState): number {
  const { from, to } = rangeOf(state);
  return state.questionIds.slice(from, to).filter((id) => state.selections[id] === undefined).length;
}

/** The unsaved answers in the shape the autosave call sends. */
export function unsavedAnswers(state: SittingState): { questionId: string; optionSelectedIndex: number }[] {
  return Object.entries(state.unsaved).map(([questionId, optionSelectedIndex]) => ({ questionId, optionSelectedIndex }));
}
