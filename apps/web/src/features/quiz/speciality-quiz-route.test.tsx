import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankState, SpecialityCaseCount } from '@galeno/domain/contracts/quiz';
import { clearToasts, jsonResponse, makeCase, setViewport, stubApi, type FetchCall } from './quiz-test-helpers';
import { SpecialityPicker } from './speciality-picker';
import { Component as SpecialityQuizPage, loader, shouldRevalidate } from './speciality-quiz-route';

vi.mock('../../lib/session', () => ({
  useRequiredUser: () => ({ id: 'user-1', name: 'Ana', email: 'ana@example.com', isTrial: false, trialEndsAt: null }),
  // The expired dialog reads the profile through the session; no account here keeps the spec's dialog.
  useSession: () => ({ status: 'ready', user: null, isTrial: false }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/speciality-quiz', Component: SpecialityQuizPage, loader, shouldRevalidate, HydrateFallback: () => null },
      { path: '/app', element: <p>Inicio de la app</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const SPECIALITIES = '/api/quiz/clinic-case/specialities';

/** Cases of our bank only (the default setting), or of MIR only. */
const count = (speciality: string, subSpeciality: string, galeno: number, mir = 0): SpecialityCaseCount => ({
  speciality,
  subSpeciality,
  cases: galeno + mir,
  galeno,
  mir,
});

/** A bank with cases in every sub-speciality of the taxonomy. */
const EVERY_SUB: SpecialityCaseCount[] = [
  ['Cirugía', 'Urología'],
  ['Ginecología y Obstetricia', 'Obstetricia'],
  ['Pediatría y Neonatología', 'Neonatología'],
  ['Medicina Interna', 'Cardiología'],
].map(([speciality, subSpeciality]) => count(speciality!, subSpeciality!, 2));

const bankState = (bank: string, overrides: Partial<BankState> = {}): BankState =>
  ({
    bank,
    includeEnglish: true,
    includeUnexplainedMir: false,
    mirNoticeDue: false,
    questions: { galeno: 1040, mir: 812, mirWithoutExplanation: 530 },
    ...overrides,
  }) as BankState;

/** The specialities call answers `counts`, the bank call our bank (the default); every other call goes to `handler`. */
function stubServer(handler: (call: FetchCall) => Response, counts: SpecialityCaseCount[] | Response = EVERY_SUB) {
  return stubApi((call) =>
    call.path === SPECIALITIES
      ? counts instanceof Response
        ? counts
        : jsonResponse(counts)
      : call.path === '/api/quiz/bank'
        ? jsonResponse(bankState('galeno'))
        : handler(call),
  );
}

const casesCall = (calls: FetchCall[]) => calls.find((call) => call.path === '/api/quiz/clinic-case/random-by-speciality');

beforeEach(() => {
  setViewport('desktop');
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('speciality quiz', () => {
  it('shows the bank in use on a chip that opens the setting; a new choice is saved and recounts the cases, the banks apart', async () => {
    let bank = 'galeno';
    const calls = stubApi((call) => {
      if (call.path === '/api/quiz/bank' && call.method === 'PUT') {
        bank = (call.body as { bank: string }).bank;
        return jsonResponse(bankState(bank, call.body as Partial<BankState>));
      }
      if (call.path === '/api/quiz/bank') return jsonResponse(bankState(bank));
      if (call.path === SPECIALITIES) return jsonResponse(bank === 'mir' ? [count('Cirugía', 'Urología', 0, 3)] : EVERY_SUB);
      return jsonResponse(makeCase('caso'));
    });
    renderAt('/app/speciality-quiz');
    // The setting is no longer a panel of its own on this page: a chip in the header, as in every quiz.
    const chip = await screen.findByRole('button', { name: 'Banco: Galeno ENARM' });
    expect(screen.queryByRole('group', { name: 'Banco' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /subespecialidad/ }).map((link) => link.textContent)[0]).toBe(
      'Cirugía1 subespecialidad · 2 casos clínicos del banco Galeno',
    );

    fireEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'Banco de preguntas' });
    const group = within(dialog).getByRole('group', { name: 'Banco' });
    expect(within(group).getByRole('radio', { name: 'Galeno ENARM' })).toHaveProperty('checked', true);
    expect(within(group).getByText('1,040 preguntas del banco Galeno · 812 MIR, de ellas 530 sin explicación')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'MIR España' }));
    await vi.waitFor(() => expect(within(group).getByRole('radio', { name: 'MIR España' })).toHaveProperty('checked', true));
    expect(calls.find((call) => call.path === '/api/quiz/bank' && call.method === 'PUT')?.body).toEqual({ bank: 'mir' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));

    expect(await screen.findByRole('button', { name: 'Banco: MIR España' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getAllByRole('link', { name: /subespecialidad/ }).map((link) => link.textContent)).toEqual([
        'Cirugía1 subespecialidad · 3 casos clínicos del MIR',
      ]),
    );
  });

  it('keeps the bank and says so when the change cannot be saved', async () => {
    stubApi((call) => {
      if (call.path === '/api/quiz/bank' && call.method === 'PUT') return new Response('{}', { status: 503 });
      if (call.path === '/api/quiz/bank') return jsonResponse(bankState('galeno'));
      if (call.path === SPECIALITIES) return jsonResponse(EVERY_SUB);
      return jsonResponse(makeCase('caso'));
    });
    renderAt('/app/speciality-quiz');
    fireEvent.click(await screen.findByRole('button', { name: 'Banco: Galeno ENARM' }));
    const group = within(await screen.findByRole('dialog')).getByRole('group', { name: 'Banco' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Ambos' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo cambiar el banco. Revisa tu conexión e intenta de nuevo.');
    expect(within(group).getByRole('radio', { name: 'Galeno ENARM' })).toHaveProperty('checked', true);
  });

  it('counts both banks apart when both are on, and keeps the chip on the cases of a sub-speciality', async () => {
    stubApi((call) => {
      if (call.path === '/api/quiz/bank') return jsonResponse(bankState('ambos'));
      if (call.path === SPECIALITIES) return jsonResponse([count('Medicina Interna', 'Cardiología', 78, 349)]);
      return jsonResponse(makeCase('caso-cardio'));
    });
    renderAt('/app/speciality-quiz');
    expect(await screen.findByRole('button', { name: 'Banco: ambos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Medicina Interna/ }).textContent).toBe(
      'Medicina Interna1 subespecialidad · 427 casos clínicos: 78 del banco Galeno · 349 MIR',
    );
    fireEvent.click(screen.getByRole('link', { name: /Medicina Interna/ }));
    fireEvent.click(await screen.findByRole('link', { name: /Cardiología/ }));
    expect(await screen.findByText(/caso-cardio/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Banco: ambos' })).toBeTruthy();
  });

  it('asks for an area, then a sub-speciality, then starts the cases of that sub-speciality', async () => {
    const calls = stubServer(() => jsonResponse(makeCase('caso-cardio')));
    const router = renderAt('/app/speciality-quiz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Especialidades' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /subespecialidad/ }).map((link) => link.textContent)).toEqual([
      expect.stringContaining('Cirugía'),
      expect.stringContaining('Ginecología y Obstetricia'),
      expect.stringContaining('Pediatría y Neonatología'),
      expect.stringContaining('Medicina Interna'),
    ]);

    fireEvent.click(screen.getByRole('link', { name: /Medicina Interna/ }));
    expect(await screen.findByRole('heading', { name: 'Elige una subespecialidad de Medicina Interna' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Cardiología/ }));

    expect(await screen.findByText(/caso-cardio/)).toBeTruthy();
    expect(router.state.location.search).toBe('?area=Medicina+Interna&sub=Cardiolog%C3%ADa');
    expect(casesCall(calls)).toMatchObject({ method: 'POST', body: { speciality: 'Medicina Interna', subSpeciality: 'Cardiología' } });
    // The quiz asked the server to open its session as it started.
    expect(calls.find((call) => call.path === '/api/quiz/sessions')?.body).toEqual({ kind: 'speciality' });
    // Choosing did not ask for the specialities again.
    expect(calls.filter((call) => call.path === SPECIALITIES)).toHaveLength(1);
    expect(screen.getByText('Medicina Interna · Cardiología')).toBeTruthy();
  });

  it('starts straight away from ?area=&sub= (the statistics recommendations)', async () => {
    const calls = stubServer(() => jsonResponse(makeCase('caso-neo')));
    renderAt(`/app/speciality-quiz?area=${encodeURIComponent('Pediatría y Neonatología')}&sub=Neonatolog%C3%ADa`);
    expect(await screen.findByText(/caso-neo/)).toBeTruthy();
    expect(casesCall(calls)?.body).toMatchObject({ speciality: 'Pediatría y Neonatología', subSpeciality: 'Neonatología' });
  });

  it('asks again for a sub-speciality the area does not have', async () => {
    stubServer(() => jsonResponse(makeCase()));
    renderAt('/app/speciality-quiz?area=Cirug%C3%ADa&sub=Cardiolog%C3%ADa');
    expect(await screen.findByRole('heading', { name: 'Elige una subespecialidad de Cirugía' })).toBeTruthy();
  });

  it('says so when the bank has no cases for the choice, and offers another sub-speciality instead of a retry', async () => {
    // The counts said Urología had cases; they were removed since.
    stubServer(() =>
      jsonResponse({ errorMessage: 'No se encontraron casos clínicos para esta especialidad.', code: 'NO_CASES_FOR_SPECIALITY' }, 404),
    );
    renderAt('/app/speciality-quiz?area=Cirug%C3%ADa&sub=Urolog%C3%ADa');
    expect(await screen.findByText('No se encontraron casos clínicos para esta especialidad.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Elegir otra subespecialidad' }));
    expect(await screen.findByRole('heading', { name: 'Elige una subespecialidad de Cirugía' })).toBeTruthy();
  });

  it('offers only the areas and sub-specialities that have clinical cases, with how many', async () => {
    const calls = stubServer(
      () => jsonResponse(makeCase()),
      [count('Cirugía', 'Urología', 1), count('Medicina Interna', 'Cardiología', 3), count('Medicina Interna', 'Neurología', 2)],
    );
    renderAt('/app/speciality-quiz');
    expect(await screen.findByRole('heading', { name: 'Elige un área' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /subespecialidad/ }).map((link) => link.textContent)).toEqual([
      'Cirugía1 subespecialidad · 1 caso clínico del banco Galeno',
      'Medicina Interna2 subespecialidades · 5 casos clínicos del banco Galeno',
    ]);

    fireEvent.click(screen.getByRole('link', { name: /Medicina Interna/ }));
    await screen.findByRole('heading', { name: 'Elige una subespecialidad de Medicina Interna' });
    expect(screen.getAllByRole('link', { name: /casos? clínicos?/ }).map((link) => link.textContent)).toEqual([
      'Cardiología3 casos clínicos del banco Galeno',
      'Neurología2 casos clínicos del banco Galeno',
    ]);

    // A link to a sub-speciality without cases (an old bookmark) asks again instead of failing.
    cleanup();
    renderAt('/app/speciality-quiz?area=Cirug%C3%ADa&sub=Oftalmolog%C3%ADa');
    expect(await screen.findByRole('heading', { name: 'Elige una subespecialidad de Cirugía' })).toBeTruthy();
    expect(casesCall(calls)).toBeUndefined();
  });

  it('never offers «Sin clasificar», whatever the counts say (issue 35, N20)', async () => {
    stubServer(
      () => jsonResponse(makeCase()),
      [count('Medicina Interna', 'Cardiología', 3), count('Sin clasificar', 'Sin clasificar', 0, 12)],
    );
    renderAt('/app/speciality-quiz');
    expect(await screen.findByRole('heading', { name: 'Elige un área' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /subespecialidad/ }).map((link) => link.textContent)).toEqual([
      'Medicina Interna1 subespecialidad · 3 casos clínicos del banco Galeno',
    ]);
    expect(screen.queryByText(/Sin clasificar/)).toBeNull();
  });

  it("reads 'No se encontraron especialidades' when no speciality has cases", async () => {
    stubServer(() => jsonResponse(makeCase()), []);
    renderAt('/app/speciality-quiz');
    expect(await screen.findByText('No se encontraron especialidades')).toBeTruthy();
  });

  it('opens the expired-membership modal on entry, before any case is asked for', async () => {
    const calls = stubServer(
      () => jsonResponse(makeCase()),
      jsonResponse(
        {
          code: 'MEMBERSHIP_EXPIRED',
          errorMessage: 'Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.',
        },
        403,
      ),
    );
    renderAt(`/app/speciality-quiz?area=${encodeURIComponent('Medicina Interna')}&sub=Cardiolog%C3%ADa`);
    const modal = await screen.findByRole('alertdialog', { name: 'Membresía Expirada' });
    expect(within(modal).getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
    expect(within(modal).getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
    expect(casesCall(calls)).toBeUndefined();
  });

  it("reads 'No se encontraron especialidades' when the list is empty", () => {
    const router = createMemoryRouter([{ path: '/', element: <SpecialityPicker areas={[]} area={null} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('No se encontraron especialidades')).toBeTruthy();
  });
});
