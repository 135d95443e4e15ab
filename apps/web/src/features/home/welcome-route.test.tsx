import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearProfileCache, writeCachedProfile } from '../../lib/profile-cache';
import { mockApi, profileFor, STUDENT, type MockRoutes } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { Component as WelcomeRoute } from './welcome-route';

const SESSION = { quizSessionId: 'session-1' };

function renderWelcome(speciality: string | null = null) {
  writeCachedProfile(STUDENT.id, profileFor('free', 2 * 3_600_000, { speciality }));
  return renderRoutes(
    [
      { path: '/app/bienvenida', element: <WelcomeRoute /> },
      { path: '/app/repaso/:id', element: <p>Repaso</p> },
    ],
    { path: '/app/bienvenida', user: STUDENT },
  );
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WelcomeRoute', () => {
  it('offers the ENARM years from the next one not yet held', () => {
    mockApi({});
    vi.setSystemTime(new Date('2026-12-06T05:00:00Z'));
    renderWelcome();
    const years = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(years).toEqual(['2027', '2028', '2029', 'Aún no lo sé']);
  });

  it('before September, this year’s exam is still ahead', () => {
    mockApi({});
    vi.setSystemTime(new Date('2026-04-10T12:00:00Z'));
    renderWelcome();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)[0]).toBe('2026');
  });

  it('says the speciality can be changed in the profile, and changes a chosen one', async () => {
    const api = mockApi({
      'PATCH /api/user/update-speciality': { success: true },
      'POST /api/quiz/exams': SESSION,
    } as MockRoutes);
    renderWelcome('Pediatría');
    expect(screen.queryByText(/se elige una vez/)).toBeNull();
    expect(screen.getByText(/puedes cambiarlos cuando quieras en Mi perfil/)).toBeTruthy();
    const select = screen.getByLabelText('¿A qué especialidad quieres entrar?') as HTMLSelectElement;
    expect(select.value).toBe('Pediatría');
    fireEvent.change(select, { target: { value: 'Medicina Interna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Empezar mi primer quiz' }));
    await waitFor(() => expect(screen.getByText('Repaso')).toBeTruthy());
    expect(api.bodyOf('PATCH /api/user/update-speciality')).toEqual({ speciality: 'Medicina Interna' });
    // The server weighs the first questions to the speciality it has just stored.
    expect(api.bodyOf('POST /api/quiz/exams')).toMatchObject({ count: 5, favourMySpeciality: true });
  });

  it('does not save an unchanged speciality', async () => {
    const api = mockApi({ 'POST /api/quiz/exams': SESSION } as MockRoutes);
    renderWelcome('Pediatría');
    fireEvent.click(screen.getByRole('button', { name: 'Empezar mi primer quiz' }));
    await waitFor(() => expect(screen.getByText('Repaso')).toBeTruthy());
    expect(api.requests()).not.toContain('PATCH /api/user/update-speciality');
  });
});
