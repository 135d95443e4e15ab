import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OpenSessionResponse } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { apiFetch } from '../../lib/api-client';

/**
 * "Continuar": the latest unfinished exam or review, kept on the server, so it resumes here whatever device it was
 * started on; then "Crear examen". Quiet when there is nothing to continue or the figure cannot be read.
 */
export function ContinueSession() {
  const [open, setOpen] = useState<OpenSessionResponse['session']>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<OpenSessionResponse>('/api/quiz/sessions/open', { signal: controller.signal })
      .then((response) => setOpen(response.session ?? null))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (
    <section
      aria-labelledby="continue-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="continue-title" className="font-bold text-brand-950">
          {open ? (open.kind === 'exam' ? 'Tienes un examen sin terminar' : 'Tienes un repaso sin terminar') : 'Arma tu propio examen'}
        </h2>
        <p className="text-sm text-brand-900">
          {open
            ? `Llevas ${open.answered} de ${open.total} preguntas.`
            : 'Elige áreas, subespecialidades, temas y cuántas preguntas; tutor o examen.'}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {open && (
          <Link to={`/app/repaso/${open.quizSessionId}`} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
            Continuar
          </Link>
        )}
        <Link to="/app/crear-examen" className={buttonClassName(open ? 'secondary' : 'primary', 'md', 'w-full sm:w-auto')}>
          Crear examen
        </Link>
      </div>
    </section>
  );
}
