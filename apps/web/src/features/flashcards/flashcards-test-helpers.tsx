import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { dismissToast, showToast, Toaster } from '../../components/ui/toast';
import { createSessionStore, SessionProvider } from '../../lib/session';
import type { ClinicGuide, ClinicGuideWithProgress, Flashcard } from './api';
import * as layoutRoute from './flashcards-layout-route';
import * as guideRoute from './guide-route';
import * as guidesRoute from './guides-route';
import * as reviewRoute from './review-route';

/* Test-only helpers: a stand-in API on `fetch` and the flashcard routes mounted as the app will mount them. */

// The first render of a file also loads the route modules; on a busy machine that can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, code: string, errorMessage: string): Response {
  return jsonResponse({ errorMessage, code }, status);
}

export { stubApi, type FetchCall } from '../../test/api-mock';

export function makeGuide(overrides: Partial<ClinicGuideWithProgress> & { id: string }): ClinicGuideWithProgress {
  return {
    guideName: `Guía ${overrides.id}`,
    category: 'Medicina Interna',
    yearOfUpdate: 2020,
    gpcCode: 'IMSS-020-08',
    flashcardsCount: 3,
    dueToday: 0,
    newCards: 3,
    newToday: 3,
    learned: 0,
    nextDueAt: null,
    progress: 0,
    ...overrides,
  };
}

export function toGuide({ id, guideName, category, yearOfUpdate, gpcCode, flashcardsCount }: ClinicGuideWithProgress): ClinicGuide {
  return { id, guideName, category, yearOfUpdate, gpcCode, flashcardsCount };
}

export function makeCard(id: string, guideId = 'gpc-a'): Flashcard {
  return {
    id,
    question: `Pregunta de ${id}`,
    answer: `Respuesta de ${id}`,
    explanation: `Explicación de ${id}`,
    parentGuideId: guideId,
    guideline: { code: 'IMSS-076-21', year: 2021, checkedAt: '2026-12' },
    due: null,
    intervals: { again: 60_000, hard: 6 * 60_000, good: 10 * 60_000, easy: 4 * 86_400_000 },
  };
}

function LoginStandIn() {
  const { search } = useLocation();
  return <p>Página de inicio de sesión {new URLSearchParams(search).get('redirectTo')}</p>;
}

/** The flashcard routes under /app/flashcards, as the router will mount them, with the toaster. */
export function renderFlashcards(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/app/flashcards',
        ...layoutRoute,
        HydrateFallback: () => <p>Cargando la primera página</p>,
        children: [
          { index: true, ...guidesRoute },
          { path: 'repaso', ...reviewRoute },
          { path: ':guideId', ...guideRoute },
        ],
      },
      { path: '/app', element: <p>Página de inicio</p> },
      { path: '/app/membership-pay', element: <p>Página de membresías</p> },
      { path: '/signup', element: <p>Página de registro</p> },
      { path: '/login', Component: LoginStandIn },
    ],
    { initialEntries: [path] },
  );
  // Under the /app guard there is always a signed-in student: her grades are hers on the phone (grade-outbox.ts).
  const session = createSessionStore({ initialUser: { id: 'u-ana', name: 'Ana', email: 'ana@example.com', isTrial: false, trialEndsAt: null } });
  render(
    <SessionProvider store={session}>
      <RouterProvider router={router} />
      <Toaster />
    </SessionProvider>,
  );
  return router;
}

/** Toasts live in a module-level queue: clear it between tests. */
export function clearToasts() {
  const last = showToast('');
  for (let id = 1; id <= last; id++) dismissToast(id);
}
