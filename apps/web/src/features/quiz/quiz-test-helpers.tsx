import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ClinicCase, Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { dismissToast, showToast, Toaster } from '../../components/ui/toast';

/* Test fixtures and a fetch stand-in for the quiz feature's unit tests (never used by the app). */

// A loaded CI machine can take more than the default second to settle a multi-step flow.
configure({ asyncUtilTimeout: 4000 });

const TAGS = { Especialidad: 'Pediatría y Neonatología', SubEspecialidad: 'Pediatría', Tema: 'Neumonía', Dificultad: 'Media' };

export function makeQuestion(id: string, text: string, options: string[], overrides: Partial<Question> = {}): Question {
  return { id, question: text, options: options.map((option) => ({ text: option })), tags: TAGS, gpc: null, source: null, ...overrides };
}

export function makeCase(id = 'caso-1', overrides: Partial<ClinicCase> = {}): ClinicCase {
  return {
    id,
    clinicCaseContent: `Niño de 4 años con fiebre de 39 °C y tos de 3 días (${id}).`,
    tags: TAGS,
    gpc: { name: 'Neumonía adquirida en la comunidad en pediatría', code: 'IMSS-120-08', year: 2021 },
    source: { citation: 'Banco de preguntas ENARM 2023', url: null },
    questions: [
      makeQuestion(`${id}-p1`, '¿Cuál es el diagnóstico más probable?', [
        'Bronquiolitis',
        'Neumonía adquirida en la comunidad',
        'Asma',
        'Crup',
      ]),
      makeQuestion(`${id}-p2`, '¿Cuál es el tratamiento de primera elección?', [
        'Amoxicilina',
        'Ceftriaxona',
        'Claritromicina',
        'Vigilancia',
        'Salbutamol',
      ]),
    ],
    ...overrides,
  };
}

/** The server's grading for makeCase: option 1 (B) is right in the first question, option 0 (A) in the second. */
export function gradeCase(clinicCase: ClinicCase, selected: Record<string, number>): QuestionEvaluation[] {
  return clinicCase.questions.map((question, index) => {
    const correctAnswer = index === 0 ? 1 : 0;
    return {
      questionId: question.id,
      correct: selected[question.id] === correctAnswer,
      correctAnswer,
      feedback: `Explicación de la pregunta ${index + 1}.`,
      tags: question.tags,
    };
  });
}

export { savedEvaluation } from '../../test/quiz-fixtures';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export { stubApi, type FetchCall } from '../../test/api-mock';

/** Renders `element` at `path` in a memory router with the toaster, plus stand-ins for where links lead. */
export function renderInRouter(element: ReactElement, path = '/app/quick-quiz') {
  const router = createMemoryRouter(
    [
      {
        path: path.split('?')[0],
        element: (
          <>
            {element}
            <Toaster />
          </>
        ),
      },
      { path: '/login', element: <p>Página de inicio de sesión</p> },
      { path: '/app', element: <p>Inicio de la app</p> },
      { path: '/app/membership-pay', element: <p>Pago de membresía</p> },
      { path: '/app/repaso/:id', element: <p>Sesión de repaso</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Desktop (≥ 1024 px) or phone, for code that asks matchMedia (the explanation now opens in place on both). */
export function setViewport(kind: 'desktop' | 'phone') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: kind === 'desktop',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

/** The toast queue lives in its module across tests: empty it between them. */
export function clearToasts() {
  const last = showToast('');
  for (let id = 1; id <= last; id++) dismissToast(id);
}
