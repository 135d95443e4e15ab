import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pack } from '@galeno/domain/contracts/quiz';
import { apiError, mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { clearToasts, gradeCase, makeCase } from './quiz-test-helpers';
import * as packRoute from './pack-route';
import * as packsRoute from './packs-route';

const PACK_CASES = [makeCase('caso-1'), makeCase('caso-2')];
const PACK: Pack = {
  quizSessionId: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-12-06T16:00:00.000Z',
  areas: ['Pediatría y Neonatología'],
  cases: PACK_CASES.map((clinicCase) => ({
    clinicCase,
    keys: gradeCase(clinicCase, {}).map(({ correct: _correct, ...key }) => key),
  })),
};

const PACK_ROUTES = [
  { path: '/app/paquetes', ...packsRoute },
  { path: '/app/paquetes/:quizSessionId', ...packRoute },
];

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

async function download(api: ReturnType<typeof mockApi>) {
  renderRoutes(PACK_ROUTES, { path: '/app/paquetes', user: STUDENT });
  expect(await screen.findByText('Aún no tienes paquetes descargados.')).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Pediatría y Neonatología' }));
  fireEvent.change(screen.getByLabelText('Casos'), { target: { value: '25' } });
  fireEvent.click(screen.getByRole('button', { name: 'Descargar paquete' }));
  expect(await screen.findByText('Paquete descargado: 2 casos listos para resolver sin conexión.')).toBeTruthy();
  expect(api.bodyOf('POST /api/quiz/packs')).toEqual({ areas: ['Pediatría y Neonatología'], cases: 25 });
}

describe('packs for offline study (issue 41)', () => {
  it('downloads the cases of the chosen areas, lists them with their size, and frees the room on «Borrar»', async () => {
    const api = mockApi({ 'POST /api/quiz/packs': PACK });
    await download(api);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText(/2 casos · Pediatría y Neonatología · \d+ KB/)).toBeTruthy();
    expect(within(item).getByText('0 de 2 resueltos')).toBeTruthy();
    expect(screen.getByText(/Tus paquetes ocupan \d+ KB en este teléfono\./)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: /^Borrar Paquete del/ }));
    expect(await screen.findByText('Aún no tienes paquetes descargados.')).toBeTruthy();
    expect(screen.getByText(/^Borraste el paquete: liberaste \d+ KB\.$/)).toBeTruthy();
  });

  it('says the server’s Spanish reason when there is nothing to download, and needs the signal to download', async () => {
    mockApi({
      'POST /api/quiz/packs': apiError(404, 'NO_CASES', 'No hay casos clínicos para descargar en las áreas que elegiste. Elige otras áreas.'),
    });
    renderRoutes(PACK_ROUTES, { path: '/app/paquetes', user: STUDENT });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar paquete' }));
    expect(await screen.findByText('No hay casos clínicos para descargar en las áreas que elegiste. Elige otras áreas.')).toBeTruthy();
    setOnline(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar paquete' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByText('Necesitas señal para descargar un paquete; los que ya tienes funcionan sin ella.')).toBeTruthy();
  });

  it('grades a case on the phone without signal, keeps it through a reload, and sends its answers when the signal returns', async () => {
    const api = mockApi({
      'POST /api/quiz/packs': PACK,
      'POST /api/quiz/evaluate/clinic-case': [() => Promise.reject(new TypeError('Failed to fetch')), []],
    });
    await download(api);
    fireEvent.click(screen.getByRole('link', { name: /^Resolver Paquete del/ }));
    expect(await screen.findByText('Caso 1 de 2 · 0 resueltos')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Neumonía adquirida en la comunidad/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    // The key and explanation from the pack, with no server.
    expect(await screen.findByText('Acertaste 2 de 2 preguntas.')).toBeTruthy();
    expect(screen.getByText('Explicación de la pregunta 1.')).toBeTruthy();
    expect(api.bodyOf('POST /api/quiz/evaluate/clinic-case')).toEqual({
      clinicCaseId: 'caso-1',
      quizSessionId: PACK.quizSessionId,
      selectedOptions: [
        { questionId: 'caso-1-p1', optionSelectedIndex: 1 },
        { questionId: 'caso-1-p2', optionSelectedIndex: 0 },
      ],
      elapsedMs: expect.any(Number),
      answeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // Opened again (a reload): it goes on at the next case.
    renderRoutes(PACK_ROUTES, { path: `/app/paquetes/${PACK.quizSessionId}`, user: STUDENT });
    expect(await screen.findByText('Caso 2 de 2 · 1 resuelto')).toBeTruthy();
    const { packAnswers } = await import('./pack-store');
    expect(await packAnswers.pending(STUDENT.id)).toHaveLength(1);
    expect(await packAnswers.flush(STUDENT.id)).toEqual({ sent: 1, refused: [] });
    expect(api.bodyOf('POST /api/quiz/evaluate/clinic-case', 1)).toEqual(api.bodyOf('POST /api/quiz/evaluate/clinic-case', 0));
  });

  it('says when the server refused a case’s answers for good: graded on the phone, not in her statistics', async () => {
    const api = mockApi({
      'POST /api/quiz/packs': PACK,
      'POST /api/quiz/evaluate/clinic-case': apiError(403, 'MEMBERSHIP_EXPIRED', 'Tu membresía ha expirado.'),
    });
    await download(api);
    fireEvent.click(screen.getByRole('link', { name: /^Resolver Paquete del/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /Neumonía adquirida en la comunidad/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Amoxicilina/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Calificar' }));
    expect(await screen.findByText('Acertaste 2 de 2 preguntas.')).toBeTruthy();
    expect(
      await screen.findByText('Calificamos el caso en tu teléfono, pero no cuenta en tus estadísticas: Tu membresía ha expirado.'),
    ).toBeTruthy();
  });

  it('says so when the pack is no longer on this phone', async () => {
    mockApi({});
    renderRoutes(PACK_ROUTES, { path: '/app/paquetes/00000000-0000-4000-8000-00000000000f', user: STUDENT });
    expect(await screen.findByRole('heading', { name: 'Este paquete ya no está en este teléfono' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mis paquetes' }).getAttribute('href')).toBe('/app/paquetes');
  });
});
