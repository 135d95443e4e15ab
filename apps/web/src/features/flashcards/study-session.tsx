import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { formatMonth } from '@galeno/domain/format';
import { isFinished, learnedCount, remainingCount, shouldSave, type RandomSource } from '@galeno/domain/flashcard-queue';
import { formatInterval, GRADE_LABELS, GRADES, type Grade } from '@galeno/domain/flashcard-grades';
import { ReportErrorButton } from '../../components/question/report-error';
import { buttonClassName } from '../../components/ui/button-styles';
import type { Flashcard } from './api';
import { AlertIcon, CrossIcon, RestartIcon } from './flashcards-icons';
import { ProgressBar } from './progress-bar';
import { SessionFinished } from './session-finished';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { countOf, EVALUATION_SAVED, offlineGradesNote } from './texts';
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
  /**
   * The first round's order, drawn once by the page's loader: the page drawn on the server and the app that replaces
   * it show the same first card (decision 032). Without it, the order is drawn by `random`.
   */
  order?: readonly string[] | undefined;
}

/**
 * The study session (spec section 4, "Flashcards"): the question, then the answer and explanation,
 * then 'La sabía' or 'No la sabía', then 'Siguiente' or, on the last card, 'Reiniciar flashcard'.
 * The page only renders the domain queue's state; focus follows each step so keyboard and screen
 * reader users land on what comes next.
 */
export function StudySession({ cards, guideNames, restartLabel, random, order }: StudySessionProps) {
  const session = useStudySession(cards, random, undefined, order);
  const { queue, card } = session;
  const finished = isFinished(queue);

  const questionRef = useRef<HTMLDivElement>(null);
  const gradeGroupRef = useRef<HTMLDivElement>(null);
  const finishedHeadingRef = useRef<HTMLHeadingElement>(null);
  const gradeLabelId = useId();

  // After each step (not on the first render: the page's own focus handling owns that), focus what comes next.
  const { step } = session;
  useEffect(() => {
    if (step === 0) return;
    const target = isFinished(queue) ? finishedHeadingRef.current : queue.phase === 'answer' ? gradeGroupRef.current : questionRef.current;
    target?.focus({ preventScroll: queue.phase === 'question' });
  }, [step, queue]);

  const [shortcutsOn] = useKeyboardShortcutsEnabled();
  useStudyShortcuts({
    enabled: shortcutsOn && !finished && !session.expired,
    onReveal: session.reveal,
    onGrade: (grade) => void session.grade(grade),
    onUndo: () => void session.undo(),
  });

  if (finished) {
    return (
      <div className="flex flex-col gap-4">
        <SessionFinished
          headingRef={finishedHeadingRef}
          cardsCount={queue.cardIds.length}
          passes={queue.pass}
          saved={shouldSave(queue)}
          restartLabel={restartLabel}
          onRestart={session.restart}
          nextDue={[...session.nextDue.values()]}
        />
        {session.canUndo && <UndoButton onUndo={() => void session.undo()} />}
      </div>
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
    <div className="flex flex-col gap-2 sm:gap-3">
      {/* One compact line: the card gets the screen (a phone shows the question without scrolling). */}
      <div className="flex items-center gap-3">
        <ProgressBar
          value={learnedCount(queue)}
          max={total}
          label="Tarjetas repasadas"
          valueText={`${learnedCount(queue)} de ${countOf(total, 'tarjeta repasada', 'tarjetas repasadas')}`}
          className="flex-1"
        />
        <p className="shrink-0 text-sm font-semibold text-slate-800">
          {remaining === 1 ? 'Queda' : 'Quedan'} {remaining} de {total}
          {queue.pass > 1 && <span className="font-normal text-slate-600"> · vuelta {queue.pass}</span>}
        </p>
        {session.canUndo && <UndoButton onUndo={() => void session.undo()} />}
      </div>

      {!shouldSave(queue) && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Modo práctica: reiniciaste la sesión, así que tus respuestas ya no se guardan.
        </p>
      )}

      <article
        aria-label="Tarjeta"
        onClick={queue.phase === 'question' ? revealOnCardClick : undefined}
        className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8 ${queue.phase === 'question' ? 'cursor-pointer hover:border-brand-300' : ''}`}
      >
        {guideName && <p className="mb-2 text-sm font-medium text-brand-800">{guideName}</p>}
        <div ref={questionRef} tabIndex={-1} className="rounded-lg focus:outline-none">
          <h2 className="sr-only">Pregunta</h2>
          <p className="text-lg font-semibold leading-relaxed text-slate-900 sm:text-xl">{card.question}</p>
        </div>

        {!revealed && (
          <div className="mt-5 flex flex-col items-center gap-2">
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
            <div className="mt-4 border-t border-slate-200 pt-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-brand-800">Respuesta</h2>
              <p className="mt-1 text-lg leading-relaxed text-slate-900">{card.answer}</p>
              {card.explanation && <Explanation key={card.id} text={card.explanation} />}
              <p className="mt-3 text-sm text-slate-600">
                {card.guideline.code
                  ? `Sigue: ${card.guideline.code}, versión ${card.guideline.year}`
                  : `Versión de la guía que sigue: ${card.guideline.year}`}
                {card.guideline.checkedAt && ` · verificada en ${formatMonth(card.guideline.checkedAt)}`}
              </p>
              <div className="mt-2 flex justify-end">
                <ReportErrorButton key={card.id} itemKind="flashcard" itemId={card.id} />
              </div>
            </div>
          )}
        </div>
      </article>

      {queue.phase === 'answer' && (
        <div ref={gradeGroupRef} tabIndex={-1} role="group" aria-labelledby={gradeLabelId} className="rounded-2xl focus:outline-none">
          <p id={gradeLabelId} className="sr-only">
            ¿Qué tan bien la sabías?
          </p>
          <div className="grid grid-cols-4 gap-2">
            {GRADES.map((grade, index) => (
              <GradeButton
                key={grade}
                grade={grade}
                interval={formatInterval(card.intervals[grade])}
                saving={session.saving}
                shortcut={shortcutsOn ? String(index + 1) : null}
                onClick={() => void session.grade(grade)}
              />
            ))}
          </div>
        </div>
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

      {/* Said once, quietly: every grade is saved, and a toast on each card would cover the next one. */}
      <p role="status" className="min-h-5 text-center text-sm text-slate-600">
        {session.queuedCount > 0
          ? offlineGradesNote(session.queuedCount)
          : session.savedOnce
            ? `${EVALUATION_SAVED}: cada calificación se guarda al tocarla.`
            : ''}
      </p>

      <KeyboardShortcutsToggle
        hint={
          <>
            <Kbd>Espacio</Kbd> muestra la respuesta · <Kbd>1</Kbd> Otra vez · <Kbd>2</Kbd> Difícil · <Kbd>3</Kbd> Bien · <Kbd>4</Kbd> Fácil
            · <Kbd>U</Kbd> Deshacer
          </>
        }
      />

      <MembershipExpiredModal open={session.expired} />
    </div>
  );
}

/** Long explanations fold to three lines on phones, with «Ver explicación» to read the rest. */
function Explanation({ text }: { text: string }) {
  const long = text.length > 220;
  const [open, setOpen] = useState(!long);
  const id = useId();
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Explicación</h3>
      <p id={id} className={`mt-1 leading-relaxed text-slate-700 ${open ? '' : 'line-clamp-3'}`}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline"
        >
          {open ? 'Ver menos' : 'Ver explicación'}
        </button>
      )}
    </>
  );
}

const GRADE_TONES: Record<Grade, string> = {
  again: 'border-rose-300 bg-rose-50 text-rose-900 hover:bg-rose-100',
  hard: 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100',
  easy: 'border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100',
};

function GradeButton({
  grade,
  interval,
  saving,
  shortcut,
  onClick,
}: {
  grade: Grade;
  interval: string;
  saving: boolean;
  shortcut: string | null;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      // aria-disabled, not disabled: a disabled button drops focus, and the person's place with it.
      aria-disabled={saving || undefined}
      aria-keyshortcuts={shortcut ?? undefined}
      onClick={saving ? undefined : onClick}
      className={`flex min-h-14 flex-col items-center justify-center rounded-xl border-2 px-1 py-2 font-semibold transition-colors aria-disabled:cursor-wait aria-disabled:opacity-70 ${GRADE_TONES[grade]}`}
    >
      <span className="text-sm sm:text-base">{GRADE_LABELS[grade]}</span>
      <span className="text-xs font-medium opacity-80">{saving ? 'Guardando...' : interval}</span>
    </button>
  );
}

function UndoButton({ onUndo }: { onUndo: () => void }) {
  return (
    <button type="button" onClick={onUndo} className={buttonClassName('secondary', 'sm', 'shrink-0')}>
      <RestartIcon />
      Deshacer
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
