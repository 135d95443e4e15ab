import { describe, expect, it } from 'vitest';
import { ENARM_PACE_SECONDS } from './exams.ts';
import {
  addTimeSpent,
  caseLimitSeconds,
  formatCountdown,
  formatQuestionTime,
  isTimeLow,
  LOW_TIME_SHARE,
  NO_TIME_SPENT,
  paceBalanceSeconds,
  paceBenchmark,
  paceLabel,
  secondsPerQuestionOf,
} from './quiz-pace.ts';

describe('the time a case gets', () => {
  it('is its questions at the pace: 280 questions at the ENARM pace are about its 5 hours', () => {
    expect(caseLimitSeconds(2, 64)).toBe(128);
    expect(caseLimitSeconds(280, ENARM_PACE_SECONDS) / 3600).toBeCloseTo(5, 0);
    expect(caseLimitSeconds(-1, 64)).toBe(0);
  });

  it('warns once 20% of it is left, and no more once it ran out', () => {
    expect(LOW_TIME_SHARE).toBe(0.2);
    expect(isTimeLow(26, 128)).toBe(false);
    expect(isTimeLow(25, 128)).toBe(true);
    expect(isTimeLow(1, 128)).toBe(true);
    expect(isTimeLow(0, 128)).toBe(false);
    expect(isTimeLow(-5, 128)).toBe(false);
    expect(isTimeLow(0, 0)).toBe(false);
  });

  it('counts down as m:ss', () => {
    expect(formatCountdown(128)).toBe('2:08');
    expect(formatCountdown(59.9)).toBe('0:59');
    expect(formatCountdown(-75)).toBe('1:15');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });
});

describe("the session's pace", () => {
  it('adds each graded case: its answered questions and its time', () => {
    const spent = addTimeSpent(addTimeSpent(NO_TIME_SPENT, 3, 150_000), 2, 60_000);
    expect(spent).toEqual({ questions: 5, ms: 210_000 });
    expect(addTimeSpent(spent, -1, -5)).toEqual(spent);
  });

  it('is the answered questions at the pace against the time spent', () => {
    expect(paceBalanceSeconds(NO_TIME_SPENT, 64)).toBe(0);
    // Five questions at 64 s are 320 s; 210 s spent: 110 s ahead.
    expect(paceBalanceSeconds({ questions: 5, ms: 210_000 }, 64)).toBe(110);
    // A case whose time ran out with nothing answered: all its time, no questions.
    expect(paceBalanceSeconds({ questions: 0, ms: 128_000 }, 64)).toBe(-128);
  });

  it('says it in minutes, or seconds under a minute, against the ENARM or the chosen pace', () => {
    expect(paceLabel(0, 64)).toBe('Al ritmo del ENARM');
    expect(paceLabel(0.4, 64)).toBe('Al ritmo del ENARM');
    expect(paceLabel(110, 64)).toBe('1 min adelante del ritmo del ENARM');
    expect(paceLabel(-128, 64)).toBe('2 min atrás del ritmo del ENARM');
    expect(paceLabel(40, 64)).toBe('40 s adelante del ritmo del ENARM');
    expect(paceLabel(-59, 90)).toBe('59 s atrás del ritmo de 90 s por pregunta');
    expect(paceLabel(0, 45)).toBe('Al ritmo de 45 s por pregunta');
  });
});

describe('the results', () => {
  it('set the session pace beside the ENARM pace', () => {
    expect(secondsPerQuestionOf(290_000, 5)).toBe(58);
    expect(secondsPerQuestionOf(1000, 0)).toBeNull();
    expect(paceBenchmark(290_000, 5)).toBe(`Tu ritmo: 58 s por pregunta · ENARM: ${ENARM_PACE_SECONDS} s`);
    expect(paceBenchmark(0, 0)).toBeNull();
  });

  it("give each question's time in seconds, or minutes and seconds", () => {
    expect(formatQuestionTime(42_400)).toBe('42 s');
    expect(formatQuestionTime(65_000)).toBe('1 min 05 s');
    expect(formatQuestionTime(600_000)).toBe('10 min 00 s');
    expect(formatQuestionTime(-3)).toBe('0 s');
  });
});
