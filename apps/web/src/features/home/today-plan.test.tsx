import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanResponse } from '@galeno/domain/contracts/plan';
import { mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { TodayPlan } from './today-plan';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTHING = { days: [], today: null, focus: [], plannedQuestions: 0, coverage: 0, daysLeft: 0 };
const response = (overrides: Partial<PlanResponse> = {}): PlanResponse => ({
  settings: null,
  defaultExamDate: '2027-09-01',
  plan: { kind: 'not-set', ...NOTHING },
  week: null,
  standing: {
    band: { kind: 'too-few', answers: 0, needed: 50, low: 0, high: 0, estimate: 0, fromSimulacros: 0 },
    speciality: null,
    cutoffs: [],
  },
  answeredToday: 0,
  dueCards: 0,
  unseenQuestions: 2700,
  ...overrides,
});
const render = () => renderRoutes([{ path: '/app', element: <TodayPlan /> }], { path: '/app', user: STUDENT });

describe("today's plan on the home (issue 40)", () => {
  it('invites a student without a plan to set one', async () => {
    mockApi({ 'GET /api/plan': response() });
    render();
    expect(await screen.findByRole('heading', { name: 'Arma tu plan al ENARM' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Armar mi plan' }).getAttribute('href')).toBe('/app/plan');
  });

  it("says today's questions, where to start, how many are done, the cards due and the day's simulacro", async () => {
    const today = { date: '2026-12-06', weekday: 6, hours: 4, questions: 28, reviewMinutes: 36, simulacro: 'mini' as const };
    mockApi({
      'GET /api/plan': response({
        settings: { examDate: '2027-09-01', hoursByWeekday: [2, 2, 2, 2, 2, 4, 4] },
        plan: {
          kind: 'plan',
          days: [today],
          today,
          focus: ['Cirugía', 'Pediatría y Neonatología'],
          plannedQuestions: 28,
          coverage: 0.01,
          daysLeft: 269,
        },
        answeredToday: 12,
        dueCards: 45,
      }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Tu plan de hoy' })).toBeTruthy();
    expect(screen.getByText('28 preguntas nuevas, empieza por Cirugía y Pediatría y Neonatología: llevas 12.')).toBeTruthy();
    expect(screen.getByText('Repasa tus 45 flashcards pendientes.')).toBeTruthy();
    expect(screen.getByText('Hoy toca un mini simulacro.')).toBeTruthy();
  });
});
