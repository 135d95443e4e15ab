import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanResponse } from '@galeno/domain/contracts/plan';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component, loader } from './plan-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTHING = { days: [], today: null, focus: [], plannedQuestions: 0, coverage: 0, daysLeft: 0 };
const STANDING: PlanResponse['standing'] = {
  band: { kind: 'too-few', answers: 12, needed: 50, low: 0, high: 0, estimate: 0, fromSimulacros: 0 },
  speciality: 'Medicina Familiar',
  cutoffs: [{ speciality: 'Medicina Familiar', year: 2020, places: null, lastSelectedScore: 21.333, source: 'CIFRHS 2020', url: null }],
};
const EMPTY: PlanResponse = {
  settings: null,
  defaultExamDate: '2027-09-01',
  plan: { kind: 'not-set', ...NOTHING },
  week: null,
  standing: STANDING,
  answeredToday: 0,
  dueCards: 0,
  unseenQuestions: 2700,
};
const day = (date: string, weekday: number, questions: number, simulacro: 'mini' | 'completo' | null = null) => ({
  date,
  weekday,
  hours: 2,
  questions,
  reviewMinutes: 36,
  simulacro,
});
const PLANNED: PlanResponse = {
  ...EMPTY,
  week: { planned: 56, answered: 20, difference: -36 },
  settings: { examDate: '2027-09-01', hoursByWeekday: [2, 2, 2, 2, 2, 4, 0] },
  plan: {
    kind: 'plan',
    days: [day('2027-08-30', 0, 28), day('2027-08-31', 1, 0, 'completo')],
    today: null,
    focus: ['Cirugía', 'Medicina Interna'],
    plannedQuestions: 28,
    coverage: 0.0104,
    daysLeft: 3,
  },
};

const render = () => renderRoutes([{ path: '/app/plan', element: <Component />, loader }], { path: '/app/plan', user: STUDENT });

describe('the study plan page (issue 40)', () => {
  it('says where she stands: no band before 50 answers; then a band with its width explained, beside her speciality’s published figures', async () => {
    mockApi({
      'GET /api/plan': [
        EMPTY,
        {
          ...PLANNED,
          standing: { ...STANDING, band: { kind: 'band', answers: 320, needed: 0, low: 58, high: 70, estimate: 64.1, fromSimulacros: 1 } },
        },
      ],
    });
    const first = render();
    expect(
      await screen.findByText(/Con 12 respuestas todavía no podemos estimar tu calificación: necesitamos al menos 50. Te faltan 38./),
    ).toBeTruthy();
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toBe('2020Sin dato21.333CIFRHS 2020');
    first.unmount();
    render();
    expect(await screen.findByText('Tu calificación estimada: entre 58 y 70 de 100')).toBeTruthy();
    expect(screen.getByText(/Sale de tus 320 respuestas, con 1 simulacro/)).toBeTruthy();
  });

  it('asks a new student for her date and hours, offering the next ENARM, and shows the plan once saved', async () => {
    const api = mockApi({ 'GET /api/plan': EMPTY, 'PUT /api/plan/settings': PLANNED });
    render();
    const date = (await screen.findByLabelText('Fecha de tu ENARM')) as HTMLInputElement;
    expect(date.value).toBe('2027-09-01');
    fireEvent.change(screen.getByRole('combobox', { name: 'domingo' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi plan' }));
    expect(
      await screen.findByText(/Faltan 3 días: tu plan tiene 28 preguntas nuevas, el 1 % de las 2,700 que aún no has visto./),
    ).toBeTruthy();
    expect(api.bodyOf('PUT /api/plan/settings')).toEqual({ examDate: '2027-09-01', hoursByWeekday: [2, 2, 2, 2, 2, 4, 3], digest: 'no' });
    const week = screen.getAllByRole('listitem')[0]!;
    expect(within(week).getByText(/28 preguntas nuevas en 2 días · simulacro completo el martes, 31 de agosto/)).toBeTruthy();
    expect(screen.getByText(/Empieza por las áreas donde más puedes subir: Cirugía y Medicina Interna./)).toBeTruthy();
    expect(screen.getByText(/Esta semana: 20 de 56 preguntas nuevas: vas 36 atrás. No se acumulan/)).toBeTruthy();
  });

  it('says why it cannot save, and keeps what was typed', async () => {
    mockApi({
      'GET /api/plan': EMPTY,
      'PUT /api/plan/settings': apiError(400, 'VALIDATION_ERROR', 'examDate: Escribe la fecha del examen como día, mes y año.'),
    });
    render();
    fireEvent.change(await screen.findByLabelText('Fecha de tu ENARM'), { target: { value: '2027-08-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi plan' }));
    expect(await screen.findByText(/Escribe la fecha del examen como día, mes y año/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Fecha de tu ENARM') as HTMLInputElement).value).toBe('2027-08-20'));
  });
});
