import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import type { OpenSessionResponse } from '@galeno/domain/contracts/quiz';
import { LockedAction } from '../../components/ui/access-offer';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';

const UNFINISHED_TITLES: Partial<Record<string, string>> & { review: string } = {
  exam: 'Tienes un examen sin terminar',
  review: 'Tienes un repaso sin terminar',
  simulacro: 'Tienes un simulacro sin terminar',
};

/**
 * "Continuar": the latest unfinished exam, review or simulacro, kept on the server, so it resumes here whatever device it was
 * started on; then "Crear examen" and "Simulacro ENARM". Quiet when there is nothing to continue or the figure cannot be read.
 * Once access ended, the buttons give way to the one offer (issue 35, N4); an unfinished review can always be discarded (N23).
 */
export function ContinueSession({ locked = false, subscription = null }: { locked?: boolean; subscription?: SubscriptionInfo | null }) {
  const [open, setOpen] = useState<OpenSessionResponse['session']>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.quiz
      .openSession({ signal: controller.signal })
      .then((response) => setOpen(response.session ?? null))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  // A review left behind is the student's to drop (N23): its answers already count, nothing is lost.
  async function discard(quizSessionId: string) {
    setOpen(null);
    await api.quiz.discardSession({ params: { quizSessionId } }).catch(() => undefined);
  }
  return (
    <section
      aria-labelledby="continue-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="continue-title" className="font-bold text-brand-950">
          {open ? (UNFINISHED_TITLES[open.kind] ?? UNFINISHED_TITLES.review) : 'Arma tu propio examen'}
        </h2>
        <p className="text-sm text-brand-900">
          {open
            ? `Llevas ${open.answered} de ${open.total} preguntas.`
            : 'Elige áreas, subespecialidades, temas y cuántas preguntas, o presenta un simulacro completo del ENARM.'}
        </p>
        <Link
          to="/app/marcadas"
          className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          Preguntas marcadas
        </Link>
      </div>
      {locked ? (
        <LockedAction subscription={subscription} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          {open && (
            <Link
              to={open.kind === 'simulacro' ? `/app/simulacro/${open.quizSessionId}` : `/app/repaso/${open.quizSessionId}`}
              className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
            >
              Continuar
            </Link>
          )}
          {open?.kind === 'review' && (
            <button
              type="button"
              onClick={() => void discard(open.quizSessionId)}
              className={buttonClassName('ghost', 'md', 'w-full sm:w-auto')}
            >
              Descartar repaso
            </button>
          )}
          <Link to="/app/crear-examen" className={buttonClassName(open ? 'secondary' : 'primary', 'md', 'w-full sm:w-auto')}>
            Crear examen
          </Link>
          <Link to="/app/simulacro" className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
            Simulacro ENARM
          </Link>
        </div>
      )}
    </section>
  );
}
