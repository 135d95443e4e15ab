import { useEffect, useId, useRef, type MouseEvent } from 'react';
import {
  canGoNext,
  canRestartRound,
  isFinished,
  isLastCard,
  learnedCount,
  remainingCount,
  shouldSave,
  type RandomSource,
} from '@galeno/domain/flashcard-queue';
import { buttonClassName } from '../../components/ui/button-styles';
import type { Flashcard } from './api';
import { AlertIcon, ArrowRightIcon, CheckIcon, CrossIcon, RestartIcon } from './flashcards-icons';
import { ProgressBar } from './progress-bar';
import { SessionFinished } from './session-finished';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { countOf } from './texts';
import { useStudyShortcuts } from './use-study-shortcuts';
import { KeyboardShortcutsToggle } from '../../components/ui/keyboard-shortcuts-toggle';
import { useKeyboardShortcutsEnabled } from '../../lib/keyboard-shortcuts';
import { useStudySession } from './use-study-session';

export interface StudySessionProps {
  /** At least one card; pages show their own empty state otherwise. */
  cards: readonly Flashcard[];
  /** Guide names by id, to label each card when a session mixes guides (the review of the day). */
  guideNames?: Readonly<Record<string, string>>;
  /** The congratulation screen's restart button: 'Reiniciar guía', 'Repasar de nuevo'. */
  restartLabel: string;
  /** Injected by tests to fix the order of the cards. */
  random?: RandomSource;
}

/**
 * The study session (spec section 4, "Flashcards"): the question, then the answer and explanation,
 * then 'La sabía' or 'No la sabía', then 'Siguiente' or, on the last card, 'Reiniciar flashcard'.
 * The page only renders the domain queue's state; focus follows each step so keyboard and screen
 * reader users land on what comes next.
 */
export function StudySession({ cards, guideNames, restartLabel, random }: StudySessionProps) {
  const session = useStudySession(cards, random);
  const { queue, card } = session;
  const finished = isFinished(queue);

  const questionRef = useRef<HTMLDivElement>(null);
  const markGroupRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const restartRoundRef = useRef<HTMLButtonElement>(null);
  const finishedHeadingRef = useRef<HTMLHeadingElement>(null);
  const markLabelId = useId();

  // After each step (not on the first render: the page's own focus handling owns that), focus what comes next.
  const { step } = session;
  useEffect(() => {
    if (step === 0) return;
    let target: HTMLElement | null;
    if (isFinished(queue)) target = finishedHeadingRef.current;
    else if (queue.phase === 'question') target = questionRef.current;
    else if (queue.phase === 'answer') target = markGroupRef.current;
    else target = canGoNext(queue) ? nextRef.current : restartRoundRef.current;
    target?.focus();
  }, [step, queue]);

  const [shortcutsOn] = useKeyboardShortcutsEnabled();
  useStudyShortcuts({
    enabled: shortcutsOn && !finished && !session.expired,
    onReveal: session.reveal,
    onMark: (correct) => void session.evaluate(correct),
  });

  if (finished) {
    return (
      <SessionFinished
        headingRef={finishedHeadingRef}
        cardsCount={queue.cardIds.length}
        passes={queue.pass}
        saved={shouldSave(queue)}
        restartLabel={restartLabel}
        onRestart={session.restart}
      />
    );
  }
  if (!card) return null;

  const total = queue.cardIds.length;
  const remaining = remainingCount(queue);
  const revealed = queue.phase !== 'question';
  const guideName = guideNames?.[card.parentGuideId];
  // The card itself reveals on tap or click too; its button stays the way for keyboards.
  const revealOnCardClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    session.reveal();
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="text-lg font-bold text-slate-900">
            {remaining === 1 ? 'Queda' : 'Quedan'} {remaining} de {total}
          </p>
          <p className="text-sm text-slate-600">
            Vuelta {queue.pass} · tarjeta {queue.position + 1} de {queue.round.length}
          </p>
        </div>
        <ProgressBar
          value={learnedCount(queue)}
          max={total}
          label="Tarjetas aprendidas"
          valueText={`${learnedCount(queue)} de ${countOf(total, 'tarjeta aprendida', 'tarjetas aprendidas')}`}
          className="mt-2"
        />
      </div>

      {!shouldSave(queue) && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Modo práctica: reiniciaste la sesión, así que tus respuestas ya no se guardan.
        </p>
      )}

      <article
        aria-label="Tarjeta"
        onClick={queue.phase === 'question' ? revealOnCardClick : undefined}
        className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 ${queue.phase === 'question' ? 'cursor-pointer hover:border-brand-300' : ''}`}
      >
        {guideName && <p className="mb-2 text-sm font-medium text-brand-800">{guideName}</p>}
        <div ref={questionRef} tabIndex={-1} className="rounded-lg focus:outline-none">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Pregunta</h2>
          <p className="mt-2 text-lg font-semibold leading-relaxed text-slate-900 sm:text-xl">{card.question}</p>
        </div>

        {!revealed && (
          <div className="mt-6 flex flex-col items-center gap-2">
            <button
              type="button"
              onClick={() => session.reveal()}
              aria-keyshortcuts={shortcutsOn ? 'Space' : undefined}
              className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}
            >
              Mostrar respuesta
            </button>
            <p className="text-sm text-slate-600">
              Toca la tarjeta
              {shortcutsOn && <span className="hidden sm:inline"> o presiona Espacio</span>}.
            </p>
          </div>
        )}

        {/* Mounted empty from the start, so screen readers read the answer as soon as it appears. */}
        <div aria-live="polite">
          {revealed && (
            <div className="mt-6 border-t border-slate-200 pt-6">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-brand-800">Respuesta</h2>
              <p className="mt-2 text-lg leading-relaxed text-slate-900">{card.answer}</p>
              {card.explanation && (
                <>
                  <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-600">Explicación</h3>
                  <p className="mt-2 leading-relaxed text-slate-700">{card.explanation}</p>
                </>
              )}
            </div>
          )}
        </div>
      </article>

      {queue.phase === 'answer' && (
        <div ref={markGroupRef} tabIndex={-1} role="group" aria-labelledby={markLabelId} className="rounded-2xl focus:outline-none">
          <p id={markLabelId} className="mb-2 text-center font-semibold text-slate-800">
            ¿La sabías?
          </p>
          <div className="grid grid-cols-2 gap-3">
            <MarkButton correct saving={session.saving} shortcut={shortcutsOn} onClick={() => void session.evaluate(true)} />
            <MarkButton correct={false} saving={session.saving} shortcut={shortcutsOn} onClick={() => void session.evaluate(false)} />
          </div>
        </div>
      )}

      {queue.phase === 'evaluated' && (
        <p
          className={`flex items-center gap-2 rounded-xl px-4 py-3 font-medium ${queue.currentCorrect ? 'bg-emerald-50 text-emerald-900' : 'bg-rose-50 text-rose-900'}`}
        >
          {queue.currentCorrect ? <CheckIcon className="size-5 shrink-0" /> : <CrossIcon className="size-5 shrink-0" />}
          {queue.currentCorrect ? 'La sabías: esta tarjeta sale de la cola.' : 'No la sabías: volverá en la siguiente vuelta.'}
        </p>
      )}

      {session.saveError && (
        <div role="alert" className="flex items-start gap-3 rounded-xl border border-rose-200 bg-rose-50 p-3 text-rose-900">
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <p className="flex-1 font-medium">{session.saveError}</p>
          <button
            type="button"
            onClick={session.dismissError}
            className="-m-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-rose-100"
          >
            <CrossIcon className="size-4" />
            <span className="sr-only">Cerrar aviso</span>
          </button>
        </div>
      )}

      {/* On the last card 'Reiniciar flashcard' is the way on: it comes first and, once usable, looks like it. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        {isLastCard(queue) && (
          <button
            ref={restartRoundRef}
            type="button"
            onClick={session.restartRound}
            disabled={!canRestartRound(queue)}
            className={buttonClassName(canRestartRound(queue) ? 'primary' : 'secondary', 'md', 'w-full sm:w-auto')}
          >
            <RestartIcon />
            Reiniciar flashcard
          </button>
        )}
        <button
          ref={nextRef}
          type="button"
          onClick={session.next}
          disabled={!canGoNext(queue)}
          className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
        >
          Siguiente
          <ArrowRightIcon />
        </button>
      </div>
      {canRestartRound(queue) && (
        <p className="text-center text-sm text-slate-600 sm:text-right">
          {remaining === 1
            ? 'Reinicia para repasar otra vez la tarjeta que sigue en la cola.'
            : `Reinicia para repasar en otro orden las ${remaining} tarjetas que siguen en la cola.`}
        </p>
      )}

      <KeyboardShortcutsToggle
        hint={
          <>
            <Kbd>Espacio</Kbd> muestra la respuesta · <Kbd>1</Kbd> La sabía · <Kbd>2</Kbd> No la sabía
          </>
        }
      />

      <MembershipExpiredModal open={session.expired} />
    </div>
  );
}

function MarkButton({ correct, saving, shortcut, onClick }: { correct: boolean; saving: boolean; shortcut: boolean; onClick: () => void }) {
  const tone = correct
    ? 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
    : 'border-rose-300 bg-rose-50 text-rose-900 hover:bg-rose-100';
  return (
    <button
      type="button"
      // aria-disabled, not disabled: a disabled button drops focus, and the person's place with it.
      aria-disabled={saving || undefined}
      aria-keyshortcuts={shortcut ? (correct ? '1' : '2') : undefined}
      onClick={saving ? undefined : onClick}
      className={`flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl border-2 px-3 py-2 font-semibold transition-colors aria-disabled:cursor-wait aria-disabled:opacity-70 ${tone}`}
    >
      <span className="flex items-center gap-2 text-base sm:text-lg">
        {correct ? <CheckIcon /> : <CrossIcon />}
        {correct ? 'La sabía' : 'No la sabía'}
      </span>
      {/* While saving, said at every width (a phone shows no wait cursor); the key hint only where keyboards are. */}
      {saving ? (
        <span className="text-xs font-medium opacity-80">Guardando...</span>
      ) : (
        shortcut && (
          <span aria-hidden="true" className="hidden text-xs font-medium opacity-80 sm:block">
            {`Tecla ${correct ? '1' : '2'}`}
          </span>
        )
      )}
    </button>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-sans text-xs font-semibold text-slate-800 shadow-sm">
      {children}
    </kbd>
  );
}
