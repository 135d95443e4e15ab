import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import type { SavedQuickQuizEvaluation, SessionQuestions } from '@galeno/domain/contracts/quiz';
import { timeLeft } from '@galeno/domain/exams';
import { caseLimitSeconds, formatCountdown, isTimeLow } from '@galeno/domain/quiz-pace';
import { formatElapsed } from '@galeno/domain/scores';
import { caseGroups, isLocked, unansweredInPart } from '@galeno/domain/simulacro-sitting';
import { QuestionBody } from '../../components/question/question-body';
import { QuestionPalette } from '../../components/question/question-palette';
import { SittingNav } from '../../components/question/sitting-nav';
import { QuizResults } from '../../components/question/quiz-results';
import { buttonClassName } from '../../components/ui/button-styles';
import { KeyboardShortcutsToggle } from '../../components/ui/keyboard-shortcuts-toggle';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { Modal } from '../../components/ui/modal';
import { useFlagShortcut } from '../../lib/keyboard-shortcuts';
import { loginPathFor } from '../../lib/redirect-to';
import { SAVE_STATUS_LABELS, type SaveAnswers } from '../../lib/sitting-autosave';
import { useSitting } from '../../components/question/use-sitting';
import { recordSessionAnswers, saveQuickQuizEvaluation } from './api';
import { ClockIcon } from './quiz-icons';
import { toQuizFailure, UNKNOWN_ERROR_MESSAGE } from './quiz-errors';
import { QuizToolbar } from './quiz-toolbar';
import { SessionReviewPanel } from './session-review-panel';
import { useOptionShortcuts } from './use-option-shortcuts';
import { useQuestionTimes } from './use-question-times';
import { useQuizFailure } from './use-quiz-failure';

export const TIME_UP_MESSAGE =
  'Se acabó el tiempo del examen. Calificamos las respuestas que guardaste; las preguntas sin responder cuentan como incorrectas.';
export const LOW_TIME_MESSAGE = 'Queda poco tiempo: al llegar a cero el examen termina y se califica.';
const FINISH_FAILED = 'No pudimos terminar el examen. Revisa tu conexión e intenta nuevamente: tus respuestas siguen guardadas.';
/** The server takes at most this many answers in one request. */
const ANSWERS_PER_REQUEST = 10;

const pendingKey = (quizSessionId: string) => `examen-pendiente:${quizSessionId}`;
const timesKey = (quizSessionId: string) => `examen-tiempo:${quizSessionId}`;

type Finished = { saved: SavedQuickQuizEvaluation; timeUp: boolean };

/**
 * A custom exam in «Examen» mode (issue 35, N8), sat like the simulacro: the student moves freely (Anterior, Mapa,
 * Siguiente, or «Omitir» to leave a question for later), every answer is saved as it is chosen and can be changed
 * until the end, and nothing is graded or explained before «Terminar examen». With a time per question the exam has
 * one clock, the questions times that pace, kept across visits and reloads; at zero the exam ends and is graded, as
 * the clock says. Skipped questions count as not correct.
 */
export function ExamSitting({ session, userId, title }: { session: SessionQuestions; userId: string; title: string }) {
  const [finished, setFinished] = useState<Finished | null>(null);
  if (finished) {
    return (
      <>
        {finished.timeUp && (
          <p role="alert" className="mx-auto mb-4 max-w-2xl rounded-2xl bg-amber-50 p-4 text-amber-950">
            {TIME_UP_MESSAGE}
          </p>
        )}
        <QuizResults evaluation={finished.saved.quickQuizEvaluation}>
          {finished.saved.quizSessionId && <SessionReviewPanel quizSessionId={finished.saved.quizSessionId} />}
        </QuizResults>
      </>
    );
  }
  return <Sitting session={session} userId={userId} title={title} onFinished={setFinished} />;
}

function Sitting({
  session,
  userId,
  title,
  onFinished,
}: {
  session: SessionQuestions;
  userId: string;
  title: string;
  onFinished: (finished: Finished) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { expired, handleFailure } = useQuizFailure();
  const quizSessionId = session.quizSessionId;
  const total = session.items.length;
  const [finishing, setFinishing] = useState<'confirm' | 'busy' | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  // The answers' times come from the page's measure (below), so the save is defined before the sitting it saves.
  const sendRef = useRef<(answers: { questionId: string; optionSelectedIndex: number }[]) => Promise<void>>(async () => undefined);
  // Finished elsewhere (another device): the page reloads, and the finished exam opens its results.
  const onClosed = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const onSignedOut = useCallback(() => navigate(loginPathFor(location.pathname), { replace: true }), [navigate, location.pathname]);
  const save = useCallback<SaveAnswers>(async (answers) => {
    await sendRef.current(answers);
    return true;
  }, []);
  const { state, dispatch, questionId, saveStatus, saveNow, flags, headingRef, select, palette } = useSitting({
    storageKey: pendingKey(quizSessionId),
    start: {
      questionIds: session.items.map((item) => item.question.id),
      parts: [{ from: 0, to: total }],
      part: 0,
      status: 'en-curso',
      saved: session.recorded,
      caseOf: caseGroups(session.items.map((item) => item.caseText)),
    },
    save,
    onClosed,
    onSignedOut,
  });

  const item = session.items[state.index]!;
  const [recordedTimes] = useState(() =>
    Object.fromEntries(session.recorded.flatMap((answer) => (answer.timeMs === null ? [] : [[answer.questionId, answer.timeMs]]))),
  );
  const { totalMs, timeOf, forget } = useQuestionTimes({
    storageKey: timesKey(quizSessionId),
    questionId,
    recorded: recordedTimes,
    running: finishing !== 'busy' && !expired,
  });
  // What the server holds of each answer's time, so the end sends only the times that grew since.
  const sentTimes = useRef<Record<string, number>>({ ...recordedTimes });

  const send = useCallback(
    async (answers: { questionId: string; optionSelectedIndex: number }[]) => {
      for (let start = 0; start < answers.length; start += ANSWERS_PER_REQUEST) {
        const batch = answers.slice(start, start + ANSWERS_PER_REQUEST).map((answer) => ({
          ...answer,
          elapsedMs: timeOf(answer.questionId),
        }));
        try {
          await recordSessionAnswers(quizSessionId, batch);
        } catch (error) {
          if (toQuizFailure(error).kind === 'expired') handleFailure(error);
          throw error;
        }
        for (const answer of batch) sentTimes.current[answer.questionId] = answer.elapsedMs;
      }
    },
    [quizSessionId, timeOf, handleFailure],
  );
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const finish = useCallback(
    async (timeUp: boolean) => {
      setFinishing('busy');
      setFinishError(null);
      try {
        await saveNow();
        // The time spent going back to answered questions reaches their answers before the grade sums it.
        const grown = Object.entries(state.selections)
          .filter(([id]) => timeOf(id) - (sentTimes.current[id] ?? 0) >= 1000)
          .map(([id, optionSelectedIndex]) => ({ questionId: id, optionSelectedIndex }));
        if (grown.length > 0) await send(grown);
        // The time on questions left without an answer, which no answer carries, still counts in the exam's time.
        const skippedTimeMs = state.questionIds.filter((id) => state.selections[id] === undefined).reduce((sum, id) => sum + timeOf(id), 0);
        const saved = await saveQuickQuizEvaluation({ userId, quizSessionId, skippedTimeMs: Math.round(skippedTimeMs) });
        forget();
        onFinished({ saved, timeUp });
      } catch (error) {
        const failure = handleFailure(error);
        setFinishing(null);
        if (failure.kind === 'message') setFinishError(failure.status === 0 ? FINISH_FAILED : failure.message);
        else if (failure.kind !== 'signed-out' && failure.kind !== 'expired') setFinishError(UNKNOWN_ERROR_MESSAGE);
      }
    },
    [saveNow, state.selections, state.questionIds, timeOf, send, userId, quizSessionId, onFinished, handleFailure, forget],
  );

  // The exam's one clock: the time left at the chosen pace for all its questions, or the time spent without one.
  const limitSeconds = session.secondsPerQuestion ? caseLimitSeconds(total, session.secondsPerQuestion) : null;
  const usedSeconds = Math.floor(totalMs / 1000);
  const leftSeconds = session.secondsPerQuestion ? timeLeft(usedSeconds, total, session.secondsPerQuestion) : null;
  const timeUp = leftSeconds !== null && leftSeconds <= 0;
  const finishOnTimeUp = useRef(false);
  useEffect(() => {
    if (!timeUp || finishOnTimeUp.current || finishing === 'busy') return;
    finishOnTimeUp.current = true;
    void finish(true);
  }, [timeUp, finishing, finish]);

  const locked = finishing === 'busy' || timeUp || expired;
  const answered = state.selections[questionId] !== undefined;
  // «Omitir» leaves the question for later: the next one that is open (a case's later questions wait for this one).
  const nextOpen = state.questionIds.findIndex((_, index) => index > state.index && !isLocked(state, index));
  const unanswered = unansweredInPart(state);
  const goNext = () => {
    if (nextOpen !== -1) dispatch({ type: 'go', index: nextOpen });
  };

  useFlagShortcut({ enabled: !locked, onFlag: () => void flags.toggle(questionId) });
  useOptionShortcuts({
    enabled: !locked && finishing === null,
    onOption: (option) => {
      if (option < item.question.options.length) dispatch({ type: 'select', questionId, option });
    },
    onSubmit: goNext,
  });

  return (
    <div className="mx-auto max-w-3xl">
      <QuizToolbar
        title={title}
        counter={`Pregunta ${state.index + 1} de ${total}`}
        timer={<ExamClock leftSeconds={leftSeconds} limitSeconds={limitSeconds} usedSeconds={usedSeconds} />}
        status={
          <p role="status" className={`text-xs ${saveStatus.kind === 'saved' ? 'text-slate-600' : 'font-semibold text-amber-900'}`}>
            {saveStatus.kind === 'error' ? saveStatus.message : SAVE_STATUS_LABELS[saveStatus.kind]}
          </p>
        }
      />
      {finishError && (
        <div role="alert" className="mb-3 rounded-2xl bg-rose-50 p-4 text-rose-950">
          <p>{finishError}</p>
          <button type="button" onClick={() => void finish(timeUp)} className={buttonClassName('primary', 'md', 'mt-3')}>
            {timeUp ? 'Ver resultados' : 'Reintentar'}
          </button>
        </div>
      )}

      <article className="space-y-4" data-question-id={questionId}>
        {item.caseText && (
          <section aria-labelledby="exam-case-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <h2 id="exam-case-heading" className="text-lg font-bold text-slate-900">
              Caso clínico
            </h2>
            <div className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{item.caseText}</div>
          </section>
        )}
        <section aria-labelledby="question-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="question-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-bold text-slate-900 focus:outline-none">
            Pregunta {state.index + 1}
          </h2>
          <QuestionBody
            question={item.question}
            selected={state.selections[questionId]}
            onSelect={select}
            locked={locked}
            evaluation={undefined}
            gpc={item.question.gpc}
            source={item.question.source}
            flag={flags.controlFor(questionId)}
          />
          <KeyboardShortcutsToggle hint="letras o números eligen una opción; Enter pasa a la siguiente." className="mt-2" />
        </section>
      </article>

      <SittingNav
        label="Navegación del examen"
        className="sticky bottom-0 z-10 -mx-4 mt-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border"
        onPrevious={() => dispatch({ type: 'previous' })}
        previousDisabled={state.index === 0}
        paletteId="mapa-del-examen"
        paletteOpen={palette.open}
        onTogglePalette={palette.toggle}
        next={{ label: answered ? 'Siguiente' : 'Omitir', onClick: goNext, disabled: nextOpen === -1 }}
      />

      {palette.open && <QuestionPalette id="mapa-del-examen" entries={palette.entries()} onGo={palette.go} />}

      <div className="mt-6 flex flex-col items-center gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">
          {unanswered === 0
            ? 'Respondiste todas las preguntas.'
            : `${unanswered === 1 ? 'Te falta' : 'Te faltan'} ${unanswered} de ${total} preguntas.`}
        </p>
        <button type="button" disabled={locked} onClick={() => setFinishing('confirm')} className={buttonClassName('secondary', 'md')}>
          Terminar examen
        </button>
      </div>

      <Modal open={finishing === 'confirm'} onClose={() => setFinishing(null)} title="¿Terminar el examen?">
        <p className="text-slate-700">
          {unanswered > 0
            ? `${unanswered === 1 ? 'Te falta 1 pregunta' : `Te faltan ${unanswered} preguntas`} sin responder: ${unanswered === 1 ? 'contará' : 'contarán'} como ${unanswered === 1 ? 'incorrecta' : 'incorrectas'}. `
            : ''}
          Después verás tu calificación y las explicaciones, y ya no podrás cambiar tus respuestas.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button type="button" onClick={() => void finish(false)} className={buttonClassName('primary', 'md', 'sm:flex-1')}>
            Terminar
          </button>
          <button type="button" onClick={() => setFinishing(null)} className={buttonClassName('secondary', 'md', 'sm:flex-1')}>
            Seguir respondiendo
          </button>
        </div>
      </Modal>
      {finishing === 'busy' && (
        <p role="status" className="mt-3 text-center text-slate-700">
          Calificando...
        </p>
      )}
      <MembershipExpiredModal open={expired} />
    </div>
  );
}

/** The exam's clock: the time left (amber in the last fifth), «Tiempo agotado» at zero, or the time spent. */
function ExamClock({
  leftSeconds,
  limitSeconds,
  usedSeconds,
}: {
  leftSeconds: number | null;
  limitSeconds: number | null;
  usedSeconds: number;
}) {
  const low = leftSeconds !== null && limitSeconds !== null && isTimeLow(leftSeconds, limitSeconds);
  const over = leftSeconds !== null && leftSeconds <= 0;
  return (
    <p
      className={`inline-flex min-h-10 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 font-mono text-xl font-bold tabular-nums ${
        low || over ? 'bg-amber-100 text-amber-950' : 'bg-brand-100 text-brand-900'
      }`}
    >
      <ClockIcon />
      {limitSeconds !== null && (
        // Mounted with the clock, filled once: a screen reader hears the warning without it repeating every second.
        <span role="status" aria-live="polite" className="sr-only">
          {low ? LOW_TIME_MESSAGE : ''}
        </span>
      )}
      {over ? (
        <span data-testid="quiz-timer" className="font-sans text-base">
          Tiempo agotado
        </span>
      ) : leftSeconds !== null ? (
        <>
          <span className="sr-only">Tiempo restante del examen: </span>
          <span role="timer" data-testid="quiz-timer">
            {formatCountdown(leftSeconds)}
          </span>
        </>
      ) : (
        <>
          <span className="sr-only">Tiempo en el examen: </span>
          <span role="timer" data-testid="quiz-timer">
            {formatElapsed(usedSeconds)}
          </span>
        </>
      )}
    </p>
  );
}
