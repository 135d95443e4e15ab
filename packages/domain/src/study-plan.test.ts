import { describe, expect, it } from 'vitest';
import { buildPlan, focusAreas, QUESTIONS_PER_HOUR, todayProgress, weekStanding, type PlanSettings } from './study-plan.ts';

const WEEKDAYS_2H: PlanSettings = { examDate: '2027-09-01', hoursByWeekday: [2, 2, 2, 2, 2, 4, 0] };
const plan = (today: string, settings: PlanSettings = WEEKDAYS_2H, unseenQuestions = 2700) =>
  buildPlan({ today, settings, unseenQuestions, areas: [] });

describe('the study plan to exam day (issue 40)', () => {
  it('plans every study day from today to the day before the exam, sized by its hours', () => {
    const result = plan('2027-08-02');
    if (result.kind !== 'plan') throw new Error(result.kind);
    expect(result.daysLeft).toBe(30);
    // Sundays are off (0 hours): 30 days from Monday 2 August hold 26 study days.
    expect(result.days).toHaveLength(26);
    expect(result.days.every((day) => day.date < '2027-09-01' && day.weekday !== 6)).toBe(true);
    const plainWeekday = result.days.find((day) => day.weekday === 1 && day.simulacro === null)!;
    expect(plainWeekday.questions).toBe(2 * 0.7 * QUESTIONS_PER_HOUR);
    expect(plainWeekday.reviewMinutes).toBe(36);
    expect(result.today).toMatchObject({ date: '2027-08-02', questions: 28 });
  });

  it('puts full simulacros 8, 4 and 1 weeks before the exam and a mini one every other week, on the longest day', () => {
    const result = plan('2027-06-01');
    if (result.kind !== 'plan') throw new Error(result.kind);
    const simulacros = result.days.filter((day) => day.simulacro).map((day) => [day.date, day.simulacro]);
    expect(simulacros.filter(([, kind]) => kind === 'completo')).toEqual([
      ['2027-07-10', 'completo'],
      ['2027-08-07', 'completo'],
      ['2027-08-28', 'completo'],
    ]);
    // On each week's longest study day (Saturday, 4 hours; the first week here has only its Tuesday), and a full
    // simulacro leaves no time for new questions that day.
    expect(result.days.filter((day) => day.simulacro && day.date > '2027-06-06').every((day) => day.weekday === 5)).toBe(true);
    expect(result.days.find((day) => day.simulacro === 'completo')!.questions).toBe(0);
    expect(simulacros.filter(([, kind]) => kind === 'mini').length).toBeGreaterThanOrEqual(3);
  });

  it('re-balances after missed days without piling them up: tomorrow asks what its own hours hold', () => {
    const before = plan('2027-08-02');
    const after = plan('2027-08-05');
    if (before.kind !== 'plan' || after.kind !== 'plan') throw new Error('no plan');
    const thursdayBefore = before.days.find((day) => day.date === '2027-08-05')!;
    expect(after.today).toEqual(thursdayBefore);
    expect(after.plannedQuestions).toBeLessThan(before.plannedQuestions);
  });

  it('takes days off out of the plan (holidays, a guardia swapped in)', () => {
    const result = plan('2027-08-02', { ...WEEKDAYS_2H, daysOff: ['2027-08-02', '2027-08-16'] });
    if (result.kind !== 'plan') throw new Error(result.kind);
    expect(result.today).toBeNull();
    expect(result.days.map((day) => day.date)).not.toContain('2027-08-16');
  });

  it('says so when the exam date has passed or no day has study hours', () => {
    expect(plan('2027-09-01')).toEqual({ kind: 'exam-past' });
    expect(plan('2027-09-10')).toEqual({ kind: 'exam-past' });
    expect(plan('2027-08-02', { examDate: '2027-09-01', hoursByWeekday: [0, 0, 0, 0, 0, 0, 0] })).toEqual({ kind: 'no-hours' });
  });

  it('says how much of the unseen bank the plan reaches by exam day', () => {
    const small = plan('2027-08-02', WEEKDAYS_2H, 100);
    const large = plan('2027-08-02', WEEKDAYS_2H, 10_000);
    if (small.kind !== 'plan' || large.kind !== 'plan') throw new Error('no plan');
    expect(small.coverage).toBe(1);
    expect(large.coverage).toBeCloseTo(large.plannedQuestions / 10_000, 5);
  });

  it('orders the areas by ENARM weight and what she misses, a student with no history by weight alone', () => {
    expect(focusAreas([])).toEqual(['Medicina Interna', 'Ginecología y Obstetricia']);
    expect(
      focusAreas([
        { area: 'Medicina Interna', answered: 400, correct: 360 },
        { area: 'Cirugía', answered: 100, correct: 30 },
      ]),
    ).toEqual(['Cirugía', 'Ginecología y Obstetricia']);
  });

  it('says whether she is ahead or behind this week, from Monday to today', () => {
    // Wednesday 4 August: Monday to Wednesday asked 3 × 28 new questions.
    const input = { today: '2027-08-04', settings: WEEKDAYS_2H, unseenQuestions: 2700, areas: [] };
    expect(weekStanding({ ...input, answeredThisWeek: 60 })).toEqual({ planned: 84, answered: 60, difference: -24 });
    expect(weekStanding({ ...input, answeredThisWeek: 90 })?.difference).toBe(6);
    // A week without study days says nothing.
    expect(
      weekStanding({ ...input, settings: { examDate: '2027-09-01', hoursByWeekday: [0, 0, 0, 0, 0, 0, 3] }, answeredThisWeek: 0 }),
    ).toBeNull();
  });

  it('follows today against the plan', () => {
    expect(todayProgress(28, 12)).toEqual({ done: 12, planned: 28, complete: false });
    expect(todayProgress(28, 30).complete).toBe(true);
    expect(todayProgress(0, 0).complete).toBe(false);
  });
});
