import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, jsonResponse, makeCase, setViewport, stubApi } from './quiz-test-helpers';
import { SpecialityPicker } from './speciality-picker';
import { Component as SpecialityQuizPage } from './speciality-quiz-route';

vi.mock('../../lib/session', () => ({
  useRequiredUser: () => ({ id: 'user-1', name: 'Ana', email: 'ana@example.com', isTrial: false, trialEndsAt: null }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/app/speciality-quiz', element: <SpecialityQuizPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setViewport('desktop');
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('speciality quiz', () => {
  it('asks for an area, then a sub-speciality, then starts the cases of that sub-speciality', async () => {
    const calls = stubApi(() => jsonResponse(makeCase('caso-cardio')));
    const router = renderAt('/app/speciality-quiz');
    expect(screen.getByRole('heading', { level: 1, name: 'Especialidades' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /subespecialidades/ }).map((link) => link.textContent)).toEqual([
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
    expect(calls[0]).toMatchObject({
      path: '/api/quiz/clinic-case/random-by-speciality',
      method: 'POST',
      body: { speciality: 'Medicina Interna', subSpeciality: 'Cardiología' },
    });
    expect(screen.getByText('Medicina Interna · Cardiología')).toBeTruthy();
  });

  it('starts straight away from ?area=&sub= (the statistics recommendations)', async () => {
    const calls = stubApi(() => jsonResponse(makeCase('caso-neo')));
    renderAt(`/app/speciality-quiz?area=${encodeURIComponent('Pediatría y Neonatología')}&sub=Neonatolog%C3%ADa`);
    expect(await screen.findByText(/caso-neo/)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ speciality: 'Pediatría y Neonatología', subSpeciality: 'Neonatología' });
  });

  it('asks again for a sub-speciality the area does not have', () => {
    stubApi(() => jsonResponse(makeCase()));
    renderAt('/app/speciality-quiz?area=Cirug%C3%ADa&sub=Cardiolog%C3%ADa');
    expect(screen.getByRole('heading', { name: 'Elige una subespecialidad de Cirugía' })).toBeTruthy();
  });

  it("says so when the bank has no cases for the choice, and offers another sub-speciality instead of a retry", async () => {
    stubApi(() => jsonResponse({ errorMessage: 'No se encontraron casos clínicos para esta especialidad.', code: 'NO_CASES_FOR_SPECIALITY' }, 404));
    renderAt('/app/speciality-quiz?area=Cirug%C3%ADa&sub=Urolog%C3%ADa');
    expect(await screen.findByText('No se encontraron casos clínicos para esta especialidad.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Elegir otra subespecialidad' }));
    expect(await screen.findByRole('heading', { name: 'Elige una subespecialidad de Cirugía' })).toBeTruthy();
  });

  it("reads 'No se encontraron especialidades' when the list is empty", () => {
    const router = createMemoryRouter([{ path: '/', element: <SpecialityPicker areas={[]} area={null} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('No se encontraron especialidades')).toBeTruthy();
  });
});
