import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BoltIcon, CardsIcon, StethoscopeIcon, StopwatchIcon } from './home-icons';
import { LockIcon } from '../../components/ui/access-offer';

/** The spec's four exam modes, titles and paths exactly as its home dashboard lists them, and single questions. */
export const EXAM_MODES: readonly { title: string; to: string; description: string; icon: ReactNode; needsAccount?: boolean }[] = [
  {
    title: 'Pruebas Rápidas',
    to: '/app/quick-quiz',
    description: 'Casos clínicos al azar con varias preguntas, como en el examen.',
    icon: <BoltIcon />,
  },
  // Not in the spec's list: single questions, so a short break has a way in from the home page (ux review, 22).
  {
    title: 'Preguntas sueltas',
    to: '/app/quick-quiz/pregunta',
    description: 'Una pregunta a la vez, para ratos libres: un minuto cada una.',
    icon: <BoltIcon />,
  },
  {
    title: 'Cronómetro',
    to: '/app/timed-quiz',
    description: 'Resuelve casos contra reloj y mide tu ritmo.',
    icon: <StopwatchIcon />,
  },
  {
    title: 'Especialidades',
    to: '/app/speciality-quiz',
    description: 'Practica con casos de la especialidad que elijas.',
    icon: <StethoscopeIcon />,
  },
  {
    title: 'Guías de Práctica Clínica',
    to: '/app/flashcards',
    description: 'Flashcards de las GPC con repetición espaciada.',
    icon: <CardsIcon />,
    needsAccount: true,
  },
];

/**
 * A trial sees, before any tap, which modes come with an account; an account whose access ended sees that every
 * mode waits for a membership (issue 19), and the mode's page then offers the plans.
 */
export function ExamModes({ isTrial = false, accessEnded = false }: { isTrial?: boolean; accessEnded?: boolean }) {
  return (
    <section aria-labelledby="exam-modes-title">
      <h2 id="exam-modes-title" className="text-xl font-bold text-slate-900">
        Modos de examen
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {EXAM_MODES.map((mode) => (
          <li key={mode.to}>
            <Link
              to={mode.to}
              className="flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 sm:p-5"
            >
              <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-800">
                {mode.icon}
              </span>
              <span>
                <span className="block text-lg font-bold text-slate-900">{mode.title}</span>
                <span className="mt-1 block text-slate-600">{mode.description}</span>
                {isTrial && mode.needsAccount && (
                  <span className="mt-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-950">
                    Disponible con tu cuenta
                  </span>
                )}
                {accessEnded && (
                  <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
                    <LockIcon />
                    Disponible con tu membresía
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
