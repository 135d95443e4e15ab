import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_ATTEMPTS, SPIN_MS, SPIN_STEP_MS, WHEEL_PRIZES } from './discount-quiz.ts';
import {
  answeredAction,
  attemptsCounterText,
  attemptsRemainingAfter,
  canShowResult,
  canSubmit,
  decline,
  DISCOUNT_QUIZ_STATES,
  endStateForCode,
  formatDiscount,
  initialState,
  isLastAttempt,
  parseDiscountPercent,
  ROULETTE_STEPS,
  rouletteHighlight,
  transition,
  tryAgain,
  tryAgainLabel,
  type AnswerOutcome,
  type DiscountQuizEvent,
  type DiscountQuizState,
  type EvaluationLike,
  type LastDiscount,
} from './discount-quiz-machine.ts';

/** Noon in Mexico City (UTC−6) on 2026-11-20. */
const NOW = new Date('2026-11-20T18:00:00Z');

const attempt = (created: string, wasCorrect: boolean): EvaluationLike => ({ created, wasCorrect });
const YESTERDAY_WRONG = attempt('2026-11-19T18:00:00Z', false);
const YESTERDAY_RIGHT = attempt('2026-11-19T18:00:00Z', true);
const TODAY_WRONG = attempt('2026-11-20T15:00:00Z', false);
const TODAY_RIGHT = attempt('2026-11-20T15:00:00Z', true);
const discount = (value: string, userAccepted: boolean | null = null): LastDiscount => ({ discount: value, userAccepted });

const right: AnswerOutcome = { answerIndexSelected: 0, correct: true, correctAnswer: 0, feedback: 'Porque sí.' };
const wrong: AnswerOutcome = { answerIndexSelected: 1, correct: false, correctAnswer: 0, feedback: 'Porque no.' };

function state(overrides: Partial<DiscountQuizState> = {}): DiscountQuizState {
  return {
    name: 'welcome',
    attemptsRemaining: 3,
    firstEvaluationCorrect: null,
    prize: null,
    prizeIsNew: false,
    selectedIndex: null,
    answer: null,
    ...overrides,
  };
}

function run(from: DiscountQuizState, ...events: DiscountQuizEvent[]): DiscountQuizState {
  return events.reduce(transition, from);
}

describe('initialState', () => {
  it('is welcome by default, with 3 attempts', () => {
    expect(initialState([], null, NOW)).toEqual(state());
  });

  it('is welcome after attempts on earlier days, with 3 − past attempts remaining', () => {
    const start = initialState([YESTERDAY_WRONG], null, NOW);
    expect(start.name).toBe('welcome');
    expect(start.attemptsRemaining).toBe(2);
    expect(start.firstEvaluationCorrect).toBe(false);
  });

  it('with 3 or more attempts: the roulette with the last discount preset when the latest was right', () => {
    const evaluations = [
      attempt('2026-11-10T18:00:00Z', false),
      attempt('2026-11-11T18:00:00Z', false),
      attempt('2026-11-12T18:00:00Z', true),
    ];
    expect(initialState(evaluations, discount('50%'), NOW)).toMatchObject({ name: 'roulette', prize: 50, attemptsRemaining: 0 });
  });

  it('with 3 or more attempts: max-attempts-reached when the latest was wrong, or no discount exists', () => {
    const latestWrong = [
      attempt('2026-11-10T18:00:00Z', true),
      attempt('2026-11-11T18:00:00Z', false),
      attempt('2026-11-12T18:00:00Z', false),
    ];
    expect(initialState(latestWrong, discount('30%'), NOW).name).toBe('max-attempts-reached');
    const noDiscount = [
      attempt('2026-11-10T18:00:00Z', false),
      attempt('2026-11-11T18:00:00Z', false),
      attempt('2026-11-12T18:00:00Z', true),
    ];
    expect(initialState(noDiscount, null, NOW).name).toBe('max-attempts-reached');
    // Three attempts made today still count as three: the total limit comes first.
    expect(initialState([TODAY_WRONG, TODAY_WRONG, TODAY_WRONG], null, NOW).name).toBe('max-attempts-reached');
  });

  it('shows a claimed prize as the result, never the wheel again, whatever the attempts (ux N16)', () => {
    const claimed: LastDiscount = { ...discount('50%', true), claimed: true };
    for (const evaluations of [[TODAY_RIGHT], [YESTERDAY_RIGHT], [YESTERDAY_WRONG, TODAY_RIGHT, TODAY_WRONG]])
      expect(initialState(evaluations, claimed, NOW)).toMatchObject({ name: 'result', prize: 50, prizeIsNew: false });
    // Not claimed yet: the wheel, as before.
    expect(initialState([TODAY_RIGHT], discount('50%'), NOW).name).toBe('roulette');
  });

  it('finds the latest attempt by date, whatever the order given', () => {
    const newestFirst = [
      attempt('2026-11-12T18:00:00Z', true),
      attempt('2026-11-11T18:00:00Z', false),
      attempt('2026-11-10T18:00:00Z', false),
    ];
    expect(initialState(newestFirst, discount('80%'), NOW)).toMatchObject({ name: 'roulette', prize: 80, firstEvaluationCorrect: false });
  });

  it('after an attempt today: the roulette with the prize when it was right and a prize exists', () => {
    expect(initialState([YESTERDAY_WRONG, TODAY_RIGHT], discount('30%'), NOW)).toMatchObject({
      name: 'roulette',
      prize: 30,
      attemptsRemaining: 1,
    });
  });

  it('after an attempt today: already-participated when it was wrong, or no prize exists', () => {
    expect(initialState([TODAY_WRONG], null, NOW).name).toBe('already-participated');
    expect(initialState([YESTERDAY_RIGHT, TODAY_WRONG], discount('30%'), NOW).name).toBe('already-participated');
    expect(initialState([TODAY_RIGHT], null, NOW).name).toBe('already-participated');
  });

  it("counts 'today' on Mexico City's calendar, not UTC's", () => {
    // 01:00 UTC on the 21st is still the 20th, 19:00, in Mexico City.
    const lateEvening = new Date('2026-11-21T01:00:00Z');
    expect(initialState([attempt('2026-11-20T15:00:00Z', false)], null, lateEvening).name).toBe('already-participated');
    // 05:59 UTC on the 20th was the 19th in Mexico City: yesterday.
    expect(initialState([attempt('2026-11-20T05:59:00Z', false)], null, NOW).name).toBe('welcome');
    expect(initialState([attempt('2026-11-20T06:00:00Z', false)], null, NOW).name).toBe('already-participated');
  });

  it('ignores attempts with an unreadable date when looking for today', () => {
    expect(initialState([attempt('ayer', false)], null, NOW)).toMatchObject({ name: 'welcome', attemptsRemaining: 2 });
  });

  it("reads '30%' and 30 alike, and marks a discount nobody decided on as new", () => {
    expect(initialState([], discount('30%'), NOW)).toMatchObject({ prize: 30, prizeIsNew: true });
    expect(initialState([], { discount: '50' }, NOW)).toMatchObject({ prize: 50, prizeIsNew: true });
    expect(initialState([], discount('50%', false), NOW)).toMatchObject({ prize: 50, prizeIsNew: false });
    expect(initialState([], discount('n/a'), NOW)).toMatchObject({ prize: null, prizeIsNew: false });
  });
});

describe('the flow', () => {
  it('goes welcome → question → answered → roulette → result → claim-discount after a right answer', () => {
    const welcome = initialState([], null, NOW);
    const question = transition(welcome, { type: 'start' });
    expect(question.name).toBe('question');
    const picked = transition(question, { type: 'select', index: 0 });
    const answered = transition(picked, { type: 'answered', outcome: right, prize: 50 });
    expect(answered).toMatchObject({ name: 'answered', prize: 50, prizeIsNew: true, answer: right, firstEvaluationCorrect: true });
    expect(answeredAction(answered)).toBe('roulette');
    const roulette = transition(answered, { type: 'goToRoulette' });
    expect(roulette.name).toBe('roulette');
    const result = transition(roulette, { type: 'landed' });
    expect(result.name).toBe('result');
    const claim = transition(result, { type: 'accept' });
    expect(claim.name).toBe('claim-discount');
    expect(transition(claim, { type: 'backToResult' }).name).toBe('result');
  });

  it('drops attempts remaining by one on each submit, never below 0', () => {
    const answered = run(
      state({ name: 'question', attemptsRemaining: 2 }),
      { type: 'select', index: 1 },
      { type: 'answered', outcome: wrong, prize: null },
    );
    expect(answered.attemptsRemaining).toBe(1);
    expect(attemptsRemainingAfter(0)).toBe(3);
    expect(attemptsRemainingAfter(5)).toBe(0);
  });

  it('submits only with an option selected', () => {
    const question = state({ name: 'question' });
    expect(canSubmit(question)).toBe(false);
    expect(transition(question, { type: 'answered', outcome: wrong, prize: null })).toBe(question);
    const picked = transition(question, { type: 'select', index: 2 });
    expect(picked.selectedIndex).toBe(2);
    expect(canSubmit(picked)).toBe(true);
    expect(canSubmit({ ...picked, name: 'welcome' })).toBe(false);
  });

  it('ignores a selection outside the question screen, or a nonsense index', () => {
    const welcome = state();
    expect(transition(welcome, { type: 'select', index: 0 })).toBe(welcome);
    const question = state({ name: 'question' });
    expect(transition(question, { type: 'select', index: -1 })).toBe(question);
    expect(transition(question, { type: 'select', index: 1.5 })).toBe(question);
  });

  it('does not spin the roulette after a wrong answer', () => {
    const answered = run(state({ name: 'question' }), { type: 'select', index: 1 }, { type: 'answered', outcome: wrong, prize: null });
    expect(answeredAction(answered)).toBe('try-again');
    expect(transition(answered, { type: 'goToRoulette' })).toBe(answered);
  });

  it('keeps the first attempt’s result when later attempts come', () => {
    const later = run(
      state({ name: 'question', attemptsRemaining: 2, firstEvaluationCorrect: true }),
      { type: 'select', index: 1 },
      { type: 'answered', outcome: wrong, prize: null },
    );
    expect(later.firstEvaluationCorrect).toBe(true);
  });

  it('flags the last attempt when 1 remains', () => {
    expect(isLastAttempt(state({ attemptsRemaining: 1 }))).toBe(true);
    expect(isLastAttempt(state({ attemptsRemaining: 2 }))).toBe(false);
    expect(isLastAttempt(state({ attemptsRemaining: 0 }))).toBe(false);
  });

  it("reads 'Intentar de nuevo mañana' after a wrong answer while attempts remain, else 'Continuar'", () => {
    expect(tryAgainLabel({ attemptsRemaining: 1 })).toBe('Intentar de nuevo mañana');
    expect(tryAgainLabel({ attemptsRemaining: 0 })).toBe('Continuar');
  });

  it('try again reloads while attempts remain or when the first attempt was right, else goes to max-attempts-reached', () => {
    expect(tryAgain(state({ name: 'answered', attemptsRemaining: 2, firstEvaluationCorrect: false }))).toEqual({ kind: 'reload' });
    expect(tryAgain(state({ name: 'answered', attemptsRemaining: 0, firstEvaluationCorrect: true }))).toEqual({ kind: 'reload' });
    const exit = tryAgain(state({ name: 'answered', attemptsRemaining: 0, firstEvaluationCorrect: false }));
    expect(exit.kind === 'state' && exit.state.name).toBe('max-attempts-reached');
  });

  it('goes from welcome straight to the result with an earned discount, and only then', () => {
    const earned = initialState([YESTERDAY_RIGHT], discount('80%'), NOW);
    expect(canShowResult(earned)).toBe(true);
    expect(transition(earned, { type: 'showResult' })).toMatchObject({ name: 'result', prize: 80 });
    const none = initialState([YESTERDAY_WRONG], null, NOW);
    expect(canShowResult(none)).toBe(false);
    expect(transition(none, { type: 'showResult' })).toBe(none);
  });

  it('goes to max-attempts-reached on start without attempts left', () => {
    expect(transition(state({ attemptsRemaining: 0 }), { type: 'start' }).name).toBe('max-attempts-reached');
  });

  it("moves to the matching end screen on the server's 409 codes", () => {
    const question = state({ name: 'question', selectedIndex: 0 });
    expect(endStateForCode(question, 'ALREADY_PARTICIPATED_TODAY').name).toBe('already-participated');
    expect(endStateForCode(question, 'MAX_ATTEMPTS_REACHED')).toMatchObject({ name: 'max-attempts-reached', attemptsRemaining: 0 });
    expect(endStateForCode(question, 'RATE_LIMITED')).toBe(question);
    expect(endStateForCode(question, 'toString')).toBe(question);
  });

  it('declining saves the discount only when new, then leaves while attempts remain, else ends at max-attempts-reached', () => {
    expect(decline(state({ name: 'result', prize: 30, prizeIsNew: true, attemptsRemaining: 1 }))).toEqual({
      saveDecline: true,
      then: { kind: 'leave' },
    });
    expect(decline(state({ name: 'result', prize: 30, prizeIsNew: false, attemptsRemaining: 1 }))).toEqual({
      saveDecline: false,
      then: { kind: 'leave' },
    });
    const last = decline(state({ name: 'result', prize: 30, prizeIsNew: true, attemptsRemaining: 0 }));
    expect(last.saveDecline).toBe(true);
    expect(last.then.kind === 'state' && last.then.state).toMatchObject({ name: 'max-attempts-reached', prizeIsNew: false });
    expect(transition(state({ prize: 30, prizeIsNew: true }), { type: 'decisionSaved' }).prizeIsNew).toBe(false);
  });
});

describe('texts and numbers', () => {
  it("counts '{n}/3 intentos restantes', or 'Sin intentos'", () => {
    expect(attemptsCounterText(3)).toBe('3/3 intentos restantes');
    expect(attemptsCounterText(1)).toBe('1/3 intentos restantes');
    expect(attemptsCounterText(0)).toBe('Sin intentos');
  });

  it('parses and formats percentages', () => {
    expect(parseDiscountPercent('30%')).toBe(30);
    expect(parseDiscountPercent(80)).toBe(80);
    expect(parseDiscountPercent('0%')).toBeNull();
    expect(parseDiscountPercent('150%')).toBeNull();
    expect(parseDiscountPercent(null)).toBeNull();
    expect(formatDiscount(50)).toBe('50%');
  });
});

describe('rouletteHighlight', () => {
  it('spins 15 steps of 200 ms', () => {
    expect(ROULETTE_STEPS).toBe(SPIN_MS / SPIN_STEP_MS);
    expect(ROULETTE_STEPS).toBe(15);
  });

  it('advances one segment per step and lands on the prize', () => {
    for (const prize of WHEEL_PRIZES) {
      const path = Array.from({ length: ROULETTE_STEPS + 1 }, (_, step) => rouletteHighlight(step, prize));
      expect(WHEEL_PRIZES[path.at(-1)!]).toBe(prize);
      for (let step = 1; step < path.length; step++) expect(path[step]).toBe((path[step - 1]! + 1) % WHEEL_PRIZES.length);
    }
  });
});

describe('properties', () => {
  const evaluationArb = fc.record({
    created: fc
      .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString()),
    wasCorrect: fc.boolean(),
  });
  const lastDiscountArb = fc.option(
    fc.constantFrom('30%', '50%', '80%').map((value) => discount(value)),
    { nil: null },
  );
  const eventArb: fc.Arbitrary<DiscountQuizEvent> = fc.oneof(
    fc.constant<DiscountQuizEvent>({ type: 'start' }),
    fc.constant<DiscountQuizEvent>({ type: 'showResult' }),
    fc.integer({ min: -1, max: 4 }).map((index): DiscountQuizEvent => ({ type: 'select', index })),
    fc.record({ correct: fc.boolean(), prize: fc.constantFrom(30, 50, 80, null) }).map(({ correct, prize }): DiscountQuizEvent => ({
      type: 'answered',
      outcome: { ...right, correct },
      prize: correct ? prize : null,
    })),
    fc.constantFrom<DiscountQuizEvent>(
      { type: 'goToRoulette' },
      { type: 'landed' },
      { type: 'accept' },
      { type: 'backToResult' },
      { type: 'decisionSaved' },
    ),
  );

  it('always starts in a known state, with 3 − past attempts remaining', () => {
    fc.assert(
      fc.property(
        fc.array(evaluationArb, { maxLength: 5 }),
        lastDiscountArb,
        fc.date({ noInvalidDate: true }),
        (evaluations, last, now) => {
          const start = initialState(evaluations, last, now);
          expect(DISCOUNT_QUIZ_STATES).toContain(start.name);
          expect(start.attemptsRemaining).toBe(Math.max(0, MAX_ATTEMPTS - evaluations.length));
          // The roulette only ever opens on a prize.
          if (start.name === 'roulette') expect(start.prize).not.toBeNull();
        },
      ),
    );
  });

  it('never submits more answers than attempts, and never reaches the roulette, result or claim without a prize', () => {
    fc.assert(
      fc.property(
        fc.array(evaluationArb, { maxLength: 4 }),
        lastDiscountArb,
        fc.array(eventArb, { maxLength: 40 }),
        (evaluations, last, events) => {
          let current = initialState(evaluations, last, NOW);
          let answers = 0;
          for (const event of events) {
            const next = transition(current, event);
            if (next.name === 'answered' && current.name !== 'answered') answers++;
            expect(next.attemptsRemaining).toBeGreaterThanOrEqual(0);
            expect(next.attemptsRemaining).toBeLessThanOrEqual(current.attemptsRemaining);
            if (['roulette', 'result', 'claim-discount'].includes(next.name)) expect(next.prize).not.toBeNull();
            current = next;
          }
          expect(answers).toBeLessThanOrEqual(Math.max(0, MAX_ATTEMPTS - evaluations.length));
        },
      ),
    );
  });
});
