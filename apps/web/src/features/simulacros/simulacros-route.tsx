import { useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { SimulacroForm, SimulacroForms } from '@galeno/domain/contracts/simulacros';
import { formsWithoutOverlap, SIMULACRO_FORMATS } from '@galeno/domain/simulacro';
import { buttonClassName } from '../../components/ui/button-styles';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { ApiError } from '../../lib/api-client';
import { loadSignedIn, toApiFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchSimulacros, startSimulacro } from './api';
import { formatDuration } from '@galeno/domain/format';

export const SIMULACROS_TITLE = 'Simulacro ENARM';
const START_FAILED = 'No pudimos abrir el simulacro. Intenta nuevamente.';

type Loaded = { forms: SimulacroForm[] } | { refused: string };

/** /app/simulacro: the fixed forms, each with the student's sitting (continue it, or see its results). */
export async function loader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  return loadSignedIn(request, async (signal) => {
    try {
      return { forms: (await fetchSimulacros(signal)).forms } satisfies SimulacroForms;
    } catch (error) {
      // A trial, or an account whose access ended: the page says so instead of failing.
      if (error instanceof ApiError && error.status === 403) return { refused: error.message };
      throw error;
    }
  });
}

export function Component() {
  useDocumentTitle(SIMULACROS_TITLE);
  const loaded = useLoaderData() as Loaded;
  const navigate = useNavigate();
  const [includeEnglish, setIncludeEnglish] = useState(true);
  const [parts, setParts] = useState<1 | 2>(1);
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  async function start(formId: string) {
    setStarting(formId);
    setError(null);
    try {
      const { quizSessionId } = await startSimulacro({ formId, includeEnglish, parts });
      navigate(`/app/simulacro/${quizSessionId}`);
    } catch (caught) {
      const failure = toApiFailure(caught, START_FAILED);
      if (failure.kind === 'signed-out') navigate('/login');
      // Access ended: the one offer, as everywhere else (issue 35, N4); the list and past results stay readable.
      else if (failure.kind === 'expired') setExpired(true);
      else if (failure.kind !== 'aborted') setError(failure.message);
      setStarting(null);
    }
  }

  return (
    <section aria-labelledby="simulacros-heading" className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to="/app" className="font-semibold text-brand-800 hover:underline">
          Volver al inicio
        </Link>
        <h1 id="simulacros-heading" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {SIMULACROS_TITLE}
        </h1>
        <p className="mt-1 text-slate-700">
          Como el examen: {SIMULACRO_FORMATS.completo.questions} preguntas en casos clínicos de una a tres preguntas, en{' '}
          {formatDuration(SIMULACRO_FORMATS.completo.minutes * 60_000)}. Cada simulacro es el mismo para todos: al terminar ves tu percentil
          entre quienes lo presentaron. Tus respuestas se guardan al momento; si cierras la página, continúas donde ibas.
        </p>
      </div>

      {'refused' in loaded ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm">
          {loaded.refused}
        </p>
      ) : loaded.forms.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">Aún no hay simulacros disponibles. Vuelve pronto.</p>
      ) : (
        <>
          <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <legend className="px-1 font-semibold text-slate-900">Al empezar un simulacro</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={includeEnglish}
                onChange={(event) => setIncludeEnglish(event.target.checked)}
                className="size-5 accent-brand-700"
              />
              Incluir casos en inglés
            </label>
            <div role="radiogroup" aria-label="Duración" className="space-y-1">
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" name="partes" checked={parts === 1} onChange={() => setParts(1)} className="size-5 accent-brand-700" />
                Una sola sesión
              </label>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" name="partes" checked={parts === 2} onChange={() => setParts(2)} className="size-5 accent-brand-700" />
                Dos partes, con una pausa entre ellas
              </label>
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="rounded-xl bg-rose-50 p-3 font-semibold text-rose-900">
              {error}
            </p>
          )}
          <FormList
            title="Simulacros completos"
            forms={loaded.forms.filter((form) => form.kind === 'completo')}
            starting={starting}
            onStart={start}
          />
          <FormList
            title={`Mini simulacros (${SIMULACRO_FORMATS.mini.questions} preguntas)`}
            forms={loaded.forms.filter((form) => form.kind === 'mini')}
            starting={starting}
            onStart={start}
          />
        </>
      )}
      <MembershipExpiredModal open={expired} />
    </section>
  );
}

function FormList({
  title,
  forms,
  starting,
  onStart,
}: {
  title: string;
  forms: SimulacroForm[];
  starting: string | null;
  onStart: (formId: string) => Promise<void>;
}) {
  if (forms.length === 0) return null;
  const overlap = formsWithoutOverlap(forms[0]!.kind, forms.length);
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {overlap && <p className="text-sm text-slate-700">{overlap}</p>}
      <ul className="mt-2 space-y-3">
        {forms.map((form) => {
          const open = form.attempt && form.attempt.status !== 'terminado' ? form.attempt : null;
          const finished = form.attempt?.status === 'terminado' ? form.attempt : null;
          return (
            <li
              key={form.formId}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
            >
              <div className="flex-1">
                <h3 className="font-bold text-slate-900">{form.name}</h3>
                <p className="text-sm text-slate-700">
                  {form.questions} preguntas · {formatDuration(form.minutes * 60_000)}
                  {form.finishers > 0 &&
                    ` · ${form.finishers} ${form.finishers === 1 ? 'persona lo ha terminado' : 'personas lo han terminado'}`}
                </p>
                {open && (
                  <p className="text-sm font-semibold text-brand-900">
                    {open.status === 'pausa' ? 'En pausa' : 'En curso'}: llevas {open.answered} de {form.questions}.
                  </p>
                )}
                {finished && finished.score !== null && (
                  <p className="text-sm font-semibold text-slate-800">Tu calificación: {finished.score}%</p>
                )}
              </div>
              <div className="flex flex-col gap-2 sm:flex-row">
                {open ? (
                  <Link to={`/app/simulacro/${open.quizSessionId}`} className={buttonClassName('primary', 'md')}>
                    Continuar <span className="sr-only">{form.name}</span>
                  </Link>
                ) : (
                  <>
                    {finished && (
                      <Link to={`/app/simulacro/${finished.quizSessionId}`} className={buttonClassName('secondary', 'md')}>
                        Ver resultados <span className="sr-only">de {form.name}</span>
                      </Link>
                    )}
                    <button
                      type="button"
                      disabled={starting !== null}
                      onClick={() => void onStart(form.formId)}
                      className={buttonClassName(finished ? 'secondary' : 'primary', 'md')}
                    >
                      {starting === form.formId ? 'Abriendo...' : finished ? 'Presentar de nuevo' : 'Empezar'}
                      <span className="sr-only"> {form.name}</span>
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
