/**
 * The discount quiz (spec section 4, "Discount quiz initial state", "Discount quiz flow" and "Roulette")
 * as a pure state machine. The pages render its state and run the calls; the server grades the answer,
 * draws the prize and enforces every limit (decisions: discount quiz), so this machine only decides
 * what the person sees next.
 *
 * - The first screen comes from the attempts so far and the last discount won (`initialState`).
 * - welcome → question → answered (after the server's evaluation) → roulette → result, then
 *   claim-discount in the public variant once the person accepts.
 * - After a wrong answer the page offers 'try again' (`tryAgain`): a reload while attempts remain or
 *   when the first attempt was right, otherwise the end screen.
 * - A 409 from the server (`endStateForCode`) moves straight to the matching end screen.
 *
 * Every transition returns the same object when it does not apply, so a double click cannot skip a step
 * and callers can compare by identity to know whether anything happened.
 */

import type { DiscountQuizEvaluation, DiscountRecord } from './contracts/discount-quiz.ts';
import { MAX_ATTEMPTS, SPIN_MS, SPIN_STEP_MS, WHEEL_PRIZES } from './discount-quiz.ts';
import { isoDateInMexicoCity } from './format.ts';

export const DISCOUNT_QUIZ_STATES = [
  'welcome',
  'question',
  'answered',
  'roulette',
  'result',
  'claim-discount',
  'already-participated',
  'max-attempts-reached',
] as const;
export type DiscountQuizStateName = (typeof DISCOUNT_QUIZ_STATES)[number];

/** What the rules read from an attempt; the public variant's local record keeps at least these. */
export type EvaluationLike = Pick<DiscountQuizEvaluation, 'created' | 'wasCorrect'>;

/** The last discount as the server (or local storage, with userAccepted null and nothing more) gives it. */
export type LastDiscount = Pick<DiscountRecord, 'discount'> & Partial<Pick<DiscountRecord, 'userAccepted' | 'claimed' | 'validUntil'>>;

/** The server's answer to one attempt. */
export interface AnswerOutcome {
  answerIndexSelected: number;
  correct: boolean;
  correctAnswer: number;
  feedback: string;
}

export interface DiscountQuizState {
  readonly name: DiscountQuizStateName;
  /** 3 − past attempts, never below 0; one less after each submit. */
  readonly attemptsRemaining: number;
  /** Whether the earliest attempt was right; null before the first one. Read by `tryAgain`. */
  readonly firstEvaluationCorrect: boolean | null;
  /** The discount won, in percent: the last one won, or the one the server just drew. */
  readonly prize: number | null;
  /** The person has not accepted or declined `prize` yet: declining saves it only then. */
  readonly prizeIsNew: boolean;
  /** The option chosen on the question screen. */
  readonly selectedIndex: number | null;
  /** The evaluation shown on the answered screen. */
  readonly answer: AnswerOutcome | null;
}

export type DiscountQuizEvent =
  | { type: 'start' }
  | { type: 'showResult' }
  | { type: 'select'; index: number }
  | { type: 'answered'; outcome: AnswerOutcome; prize: number | null }
  | { type: 'goToRoulette' }
  | { type: 'landed' }
  | { type: 'accept' }
  | { type: 'backToResult' }
  | { type: 'decisionSaved' };

/** What the page does next when the machine hands control back: reload the data, leave, or show a state. */
export type DiscountQuizExit = { kind: 'reload' } | { kind: 'leave' } | { kind: 'state'; state: DiscountQuizState };

// Texts the spec gives for the flow (verbatim).
export const TRY_AGAIN_TOMORROW = 'Intentar de nuevo mañana';
export const CONTINUE = 'Continuar';
export const NO_ATTEMPTS_LEFT = 'Sin intentos';
export const ALREADY_PARTICIPATED_TODAY = 'Ya participaste hoy';
export const MAX_ATTEMPTS_REACHED = 'Has agotado todos tus intentos';

/** The server's 409 codes and the end screen each one leads to. */
export const END_STATE_BY_CODE = {
  ALREADY_PARTICIPATED_TODAY: 'already-participated',
  MAX_ATTEMPTS_REACHED: 'max-attempts-reached',
} as const satisfies Record<string, DiscountQuizStateName>;

// Reading the inputs.

/** '30%' or 30 → 30; anything else → null. */
export function parseDiscountPercent(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 100 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{1,3})\s*%?\s*$/.exec(value);
  return match ? parseDiscountPercent(Number(match[1])) : null;
}

/** 30 → '30%', the form local storage and the server's records use. */
export function formatDiscount(percent: number): string {
  return `${percent}%`;
}

export function attemptsRemainingAfter(pastAttempts: number): number {
  return Math.max(0, MAX_ATTEMPTS - pastAttempts);
}

function timeOf(evaluation: EvaluationLike): number {
  const time = Date.parse(evaluation.created);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Oldest first by `created`; attempts with the same time keep their order. */
function chronological<T extends EvaluationLike>(evaluations: readonly T[]): T[] {
  return [...evaluations].sort((a, b) => {
    const difference = timeOf(a) - timeOf(b);
    return Number.isNaN(difference) ? 0 : difference;
  });
}

function createdOn(evaluation: EvaluationLike, day: string): boolean {
  const time = timeOf(evaluation);
  return Number.isFinite(time) && isoDateInMexicoCity(new Date(time)) === day;
}

/**
 * The first screen. A prize already claimed or accepted: its result. Default welcome; with 3 or more attempts: the roulette with the last discount when
 * the latest attempt was right and a discount exists, otherwise max-attempts-reached; otherwise, after an
 * attempt made today (Mexico City's calendar, as the server counts days): the roulette with the prize
 * when the latest attempt was right and a prize exists, otherwise already-participated.
 */
export function initialState(evaluations: readonly EvaluationLike[], lastDiscount: LastDiscount | null, now: Date): DiscountQuizState {
  const ordered = chronological(evaluations);
  const latest = ordered.at(-1);
  const prize = parseDiscountPercent(lastDiscount?.discount);
  const base: DiscountQuizState = {
    name: 'welcome',
    attemptsRemaining: attemptsRemainingAfter(evaluations.length),
    firstEvaluationCorrect: ordered[0]?.wasCorrect ?? null,
    prize,
    prizeIsNew: prize !== null && (lastDiscount?.userAccepted ?? null) === null,
    selectedIndex: null,
    answer: null,
  };
  const latestWonPrize = latest?.wasCorrect === true && prize !== null;

  // A claimed prize was e-mailed already, an accepted one waits for the payment: shown as won, not spun again (ux N16).
  if (prize !== null && (lastDiscount?.claimed === true || lastDiscount?.userAccepted === true)) return { ...base, name: 'result' };
  if (evaluations.length >= MAX_ATTEMPTS) return { ...base, name: latestWonPrize ? 'roulette' : 'max-attempts-reached' };
  const today = isoDateInMexicoCity(now);
  if (ordered.some((evaluation) => createdOn(evaluation, today)))
    return { ...base, name: latestWonPrize ? 'roulette' : 'already-participated' };
  return base;
}

// Transitions.

export function transition(state: DiscountQuizState, event: DiscountQuizEvent): DiscountQuizState {
  switch (event.type) {
    case 'start':
      // Nobody reaches the question without an attempt left; the server would refuse it anyway.
      if (state.name !== 'welcome') return state;
      return state.attemptsRemaining > 0
        ? { ...state, name: 'question', selectedIndex: null, answer: null }
        : { ...state, name: 'max-attempts-reached' };
    case 'showResult':
      return canShowResult(state) ? { ...state, name: 'result' } : state;
    case 'select':
      if (state.name !== 'question' || !Number.isInteger(event.index) || event.index < 0 || state.selectedIndex === event.index)
        return state;
      return { ...state, selectedIndex: event.index };
    case 'answered': {
      if (!canSubmit(state)) return state;
      const won = event.outcome.correct && parseDiscountPercent(event.prize) !== null;
      return {
        ...state,
        name: 'answered',
        attemptsRemaining: Math.max(0, state.attemptsRemaining - 1),
        firstEvaluationCorrect: state.firstEvaluationCorrect ?? event.outcome.correct,
        prize: won ? parseDiscountPercent(event.prize) : state.prize,
        prizeIsNew: won ? true : state.prizeIsNew,
        answer: event.outcome,
      };
    }
    case 'goToRoulette':
      return state.name === 'answered' && answerWonPrize(state) ? { ...state, name: 'roulette' } : state;
    case 'landed':
      return state.name === 'roulette' && state.prize !== null ? { ...state, name: 'result' } : state;
    case 'accept':
      return state.name === 'result' && state.prize !== null ? { ...state, name: 'claim-discount' } : state;
    case 'backToResult':
      return state.name === 'claim-discount' ? { ...state, name: 'result' } : state;
    case 'decisionSaved':
      return state.prizeIsNew ? { ...state, prizeIsNew: false } : state;
  }
}

/** A 409 from the server: 'Ya participaste hoy' or 'Has agotado todos tus intentos'. Other codes change nothing. */
export function endStateForCode(state: DiscountQuizState, code: string): DiscountQuizState {
  const name = Object.hasOwn(END_STATE_BY_CODE, code) ? END_STATE_BY_CODE[code as keyof typeof END_STATE_BY_CODE] : null;
  if (!name || state.name === name) return state;
  return name === 'max-attempts-reached' ? { ...state, name, attemptsRemaining: 0 } : { ...state, name };
}

/**
 * The answered screen's button after a wrong answer: reload (the next screen comes from the server's
 * data) while attempts remain or when the first attempt was right; otherwise max-attempts-reached.
 */
export function tryAgain(state: DiscountQuizState): DiscountQuizExit {
  if (state.attemptsRemaining > 0 || state.firstEvaluationCorrect === true) return { kind: 'reload' };
  return { kind: 'state', state: { ...state, name: 'max-attempts-reached' } };
}

/**
 * Declining the discount in the signed-in variant: save the refusal when the discount is new, then go
 * back to /app while attempts remain, or end at max-attempts-reached.
 */
export function decline(state: DiscountQuizState): { saveDecline: boolean; then: DiscountQuizExit } {
  const saveDecline = state.prize !== null && state.prizeIsNew;
  const settled = saveDecline ? { ...state, prizeIsNew: false } : state;
  if (state.attemptsRemaining > 0) return { saveDecline, then: { kind: 'leave' } };
  return { saveDecline, then: { kind: 'state', state: { ...settled, name: 'max-attempts-reached' } } };
}

// Selectors.

/** An answer can be submitted only from the question screen, with an option selected, and with an attempt left. */
export function canSubmit(state: DiscountQuizState): boolean {
  return state.name === 'question' && state.selectedIndex !== null && state.attemptsRemaining > 0;
}

/** From welcome, someone who already earned a discount can go straight to the result. */
export function canShowResult(state: DiscountQuizState): boolean {
  return state.name === 'welcome' && state.prize !== null;
}

/** The last attempt is flagged when 1 remains. */
export function isLastAttempt(state: Pick<DiscountQuizState, 'attemptsRemaining'>): boolean {
  return state.attemptsRemaining === 1;
}

/** '{n}/3 intentos restantes', or 'Sin intentos'. */
export function attemptsCounterText(attemptsRemaining: number): string {
  return attemptsRemaining > 0 ? `${attemptsRemaining}/${MAX_ATTEMPTS} intentos restantes` : NO_ATTEMPTS_LEFT;
}

function answerWonPrize(state: DiscountQuizState): boolean {
  return state.answer?.correct === true && state.prize !== null;
}

/**
 * What the answered screen's button does: spin the roulette after a right answer, otherwise try again.
 * Its label after a wrong answer is 'Intentar de nuevo mañana' while attempts remain, else 'Continuar'.
 */
export function answeredAction(state: DiscountQuizState): 'roulette' | 'try-again' {
  return answerWonPrize(state) ? 'roulette' : 'try-again';
}

export function tryAgainLabel(state: Pick<DiscountQuizState, 'attemptsRemaining'>): string {
  return state.attemptsRemaining > 0 ? TRY_AGAIN_TOMORROW : CONTINUE;
}

// The roulette.

/** Highlight moves in a 3 s spin: 15 steps of 200 ms. */
export const ROULETTE_STEPS = Math.round(SPIN_MS / SPIN_STEP_MS);

/**
 * The wheel segment highlighted after `step` moves (0 … ROULETTE_STEPS). The highlight walks the segments
 * in order and starts where it must to stop on `prize` at the last step. A prize the wheel does not show
 * (it cannot happen: the server draws 30, 50 or 80) walks from the first segment and stops where it stops.
 */
export function rouletteHighlight(step: number, prize: number): number {
  const segments = WHEEL_PRIZES.length;
  const target = Math.max(0, (WHEEL_PRIZES as readonly number[]).indexOf(prize));
  const clamped = Math.min(Math.max(0, Math.floor(step)), ROULETTE_STEPS);
  return (((target - ROULETTE_STEPS + clamped) % segments) + segments) % segments;
}
