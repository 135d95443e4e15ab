import { useCallback, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { SimulacroResults, SimulacroSitting } from '@galeno/domain/contracts/simulacros';
import { caseGroups, isLocked, unansweredInPart } from '@galeno/domain/simulacro-sitting';
import { QuestionBody } from '../../components/question/question-body';
import { buttonClassName } from '../../components/ui/button-styles';
import { useCountdown } from '../../components/ui/countdown';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { useSitting } from '../../components/question/use-sitting';
import { loadSignedIn, toApiFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlagShortcut } from '../../lib/keyboard-shortcuts';
import { loginPathFor } from '../../lib/redirect-to';
import { endSimulacroPart, fetchSimulacroResults, fetchSitting, finishSimulacro, resumeSimulacro, saveSimulacroAnswers } from './api';
import { formatDuration } from '@galeno/domain/format';
import { formatClock, pendingKey } from './simulacro-format';
import { SimulacroResultsView } from './simulacro-results';
import { QuestionPalette } from '../../components/question/question-palette';
import { SittingNav } from '../../components/question/sitting-nav';
import { SAVE_STATUS_LABELS, type SaveAnswers, type SaveStatus } from '../../lib/sitting-autosave';

const ACTION_FAILED = 'No pudimos completar la acción. Revisa tu conexión e intenta nuevamente.';

type Loaded = { sitting: SimulacroSitting; results: SimulacroResults | null };

/** /app/simulacro/:quizSessionId: the sitting as the server has it (on any device), or its results once finished. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  const id = params.quizSessionId ?? '';
  return loadSignedIn(request, async (signal) => {
    const sitting = await fetchSitting(id, signal);
    return { sitting, results: sitting.status === 'terminado' ? await fetchSimulacroResults(id, signal) : null };
  });
}

export function Component() {
  const { sitting, results } = useLoaderData() as Loaded;
  useDocumentTitle(sitting.name);
  if (results) return <SimulacroResultsView results={results} />;
  // A new part or a pause starts from the server's copy again.
  return <Sitting key={`${sitting.quizSessionId}-${sitting.status}-${sitting.part}`} sitting={sitting} />;
}

function Sitting({ sitting }: { sitting: SimulacroSitting }) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const questionIds = sitting.items.map((item) => item.question.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const signedOut = useCallback(() => navigate(loginPathFor(location.pathname), { replace: true }), [navigate, location.pathname]);
  const save = useCallback<SaveAnswers>(
    async (answers, current) => {
      const clock = await saveSimulacroAnswers(sitting.quizSessionId, answers, current.index);
      return clock.status === current.status && clock.part === current.part;
    },
    [sitting.quizSessionId],
  );
  const { state, dispatch, questionId, saveStatus, saveNow, flags, headingRef, select, palette } = useSitting({
    storageKey: pendingKey(sitting.quizSessionId),
    start: {
      questionIds,
      parts: sitting.parts,
      part: sitting.part,
      status: sitting.status,
      saved: sitting.answers,
      position: sitting.position,
      caseOf: caseGroups(sitting.items.map((item) => item.caseText)),
    },
    save,
    onClosed: reload,
    onSignedOut: signedOut,
    knownFlags: sitting.flaggedIds,
  });
  const [deadline] = useState(() => Date.now() + sitting.msLeft);
  const msLeft = useCountdown(sitting.status === 'en-curso' ? deadline : null, reload);

  const item = sitting.items[state.index]!;
  useFlagShortcut({ enabled: sitting.status === 'en-curso', onFlag: () => void flags.toggle(questionId) });

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await saveNow();
      await action();
      reload();
    } catch (error) {
      const failure = toApiFailure(error, ACTION_FAILED);
      if (failure.kind === 'signed-out') signedOut();
      else if (failure.kind !== 'aborted') toast.error(failure.message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const lastPart = state.part + 1 >= state.parts.length;
  const range = state.parts[state.part] ?? { from: 0, to: questionIds.length };
  const nextLocked = state.index + 1 < range.to && isLocked(state, state.index + 1);
  const unanswered = unansweredInPart(state);

  if (sitting.status === 'pausa') {
    const next = sitting.parts[sitting.part + 1];
    return (
      <section aria-labelledby="pause-heading" className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm">
        <h1 id="pause-heading" className="text-2xl font-bold text-slate-900">
          Terminaste la parte {sitting.part + 1}
        </h1>
        <p className="text-slate-700">
          Tus respuestas están guardadas. Tómate un descanso: la parte {sitting.part + 2}
          {next ? ` tiene ${next.to - next.from} preguntas y ${formatDuration(next.minutes * 60_000)}` : ''}, y su tiempo empieza cuando la
          comiences, aquí o en otro dispositivo.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => resumeSimulacro(sitting.quizSessionId))}
            className={buttonClassName('primary', 'lg')}
          >
            Comenzar la parte {sitting.part + 2}
          </button>
          <Link to="/app/simulacro" className={buttonClassName('secondary', 'lg')}>
            Volver a simulacros
          </Link>
        </div>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <SittingHeader
        name={sitting.name}
        partLabel={state.parts.length > 1 ? `Parte ${state.part + 1} de ${state.parts.length}` : null}
        msLeft={msLeft ?? 0}
        saveStatus={saveStatus}
      />
      <article className="mt-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6" data-question-id={questionId}>
        <h2 ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-slate-600 focus:outline-none">
          Pregunta {state.index + 1} de {questionIds.length}
        </h2>
        {item.caseText && (
          <section aria-label="Caso clínico" className="mt-2 rounded-xl bg-slate-50 p-3 text-slate-900 sm:p-4">
            <p className="whitespace-pre-line">{item.caseText}</p>
          </section>
        )}
        <div className="mt-3">
          <QuestionBody
            question={item.question}
            selected={state.selections[questionId]}
            onSelect={select}
            locked={sitting.status !== 'en-curso'}
            evaluation={undefined}
            gpc={item.question.gpc}
            source={item.question.source}
            flag={flags.controlFor(questionId)}
          />
        </div>
      </article>

      <SittingNav
        label="Navegación del simulacro"
        className="mt-3"
        onPrevious={() => dispatch({ type: 'previous' })}
        previousDisabled={state.index <= range.from}
        paletteId="mapa-de-preguntas"
        paletteOpen={palette.open}
        onTogglePalette={palette.toggle}
        next={{
          label: 'Siguiente',
          onClick: () => dispatch({ type: 'next' }),
          disabled: state.index + 1 >= range.to || nextLocked,
          describedBy: nextLocked ? 'siguiente-del-caso' : undefined,
        }}
      />
      {nextLocked && (
        <p id="siguiente-del-caso" className="mt-2 text-sm text-slate-700">
          Responde esta pregunta para ver la siguiente del caso, como en el examen.
        </p>
      )}

      {palette.open && <QuestionPalette id="mapa-de-preguntas" entries={palette.entries()} onGo={palette.go} />}

      <div className="mt-6 flex flex-col items-center gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          {unanswered === 0
            ? 'Respondiste todas las preguntas de esta parte.'
            : `${unanswered === 1 ? 'Te falta' : 'Te faltan'} ${unanswered} de ${range.to - range.from} preguntas en esta parte.`}
        </p>
        <button type="button" onClick={() => setConfirming(true)} className={buttonClassName('secondary', 'md')}>
          {lastPart ? 'Terminar simulacro' : `Terminar parte ${state.part + 1}`}
        </button>
      </div>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={lastPart ? '¿Terminar el simulacro?' : `¿Terminar la parte ${state.part + 1}?`}
      >
        <p className="text-slate-700">
          {unanswered > 0 ? `${unanswered === 1 ? 'Te falta 1 pregunta' : `Te faltan ${unanswered} preguntas`} sin responder. ` : ''}
          {lastPart
            ? 'Después verás tu calificación y ya no podrás cambiar tus respuestas.'
            : 'No podrás volver a las preguntas de esta parte.'}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => (lastPart ? finishSimulacro(sitting.quizSessionId) : endSimulacroPart(sitting.quizSessionId)))}
            className={buttonClassName('primary', 'md', 'sm:flex-1')}
          >
            {busy ? 'Guardando...' : lastPart ? 'Terminar' : 'Terminar parte'}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={buttonClassName('secondary', 'md', 'sm:flex-1')}>
            Seguir respondiendo
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** One compact row that stays in view: the form, the part, the clock and whether the answers are saved. */
function SittingHeader({
  name,
  partLabel,
  msLeft,
  saveStatus,
}: {
  name: string;
  partLabel: string | null;
  msLeft: number;
  saveStatus: SaveStatus;
}) {
  const low = msLeft < 5 * 60_000;
  return (
    <div className="sticky top-0 z-20 -mx-4 -mt-6 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:mx-0 sm:mt-0 sm:rounded-2xl sm:border">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate font-bold text-slate-900">
          {name}
          {partLabel && <span className="font-normal text-slate-700"> · {partLabel}</span>}
        </p>
        <p
          className={`shrink-0 rounded-full px-3 py-1 font-mono font-semibold tabular-nums ${low ? 'bg-amber-100 text-amber-950' : 'bg-brand-100 text-brand-900'}`}
        >
          <span className="sr-only">Tiempo restante: </span>
          <span role="timer" data-testid="simulacro-clock">
            {formatClock(msLeft)}
          </span>
        </p>
      </div>
      <p role="status" className={`text-xs ${saveStatus.kind === 'saved' ? 'text-slate-600' : 'font-semibold text-amber-900'}`}>
        {saveStatus.kind === 'error' ? saveStatus.message : SAVE_STATUS_LABELS[saveStatus.kind]}
      </p>
    </div>
  );
}
