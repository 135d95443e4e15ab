import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ClinicCase } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { answeredCount, correctCount, type Evaluations, type Selections } from '@galeno/domain/quiz-round';
import { SourceNote, SpecialityTag } from '../../components/question/feedback';
import { KeyboardShortcutsToggle } from '../../components/ui/keyboard-shortcuts-toggle';
import { QuestionCard } from '../../components/question/question-card';
import { useOptionShortcuts } from './use-option-shortcuts';
import { useFlagShortcut } from '../../lib/keyboard-shortcuts';
import type { QuestionFlagControl } from '../../components/question/flag-button';

/** A bottom-bar button: its label on one line, growing into the room left (N25). */
const BAR_BUTTON = 'flex-1 whitespace-nowrap sm:flex-none';

export interface CaseRoundProps {
  clinicCase: ClinicCase;
  selections: Selections;
  /** Null until the case is graded. */
  evaluations: Evaluations | null;
  grading: boolean;
  saving: boolean;
  /** The timed quiz's time for the case ran out: the choices are final and it is (or was) graded as it stood. */
  timeUp?: boolean;
  /** A later case of the session: focus its heading so the reader starts at the top. */
  focusOnMount: boolean;
  onSelect: (questionId: string, optionIndex: number) => void;
  onGrade: () => void;
  onSave: () => void;
  /** A trial cannot save: the button leads to the signup that keeps its answers instead. */
  saveHref?: string | undefined;
  onNext: () => void;
  /** "Marcar para repasar" for a question, for an account (none for a trial). */
  flagFor?: ((questionId: string) => QuestionFlagControl | undefined) | undefined;
}

/**
 * One clinical case on screen: the case text, its questions as expandable cards (the first one open),
 * and the action bar ('Calificar', then 'Guardar y salir' or 'Siguiente'). Keyed by the case's round,
 * so the open cards and the active question start over with every case.
 */
export function CaseRound(props: CaseRoundProps) {
  const {
    clinicCase,
    selections,
    evaluations,
    grading,
    saving,
    timeUp = false,
    focusOnMount,
    onSelect,
    onGrade,
    onSave,
    saveHref,
    onNext,
    flagFor,
  } = props;
  const questions = clinicCase.questions;
  const firstId = questions[0]?.id ?? '';
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([firstId]));
  const [activeId, setActiveId] = useState(firstId);
  // Time ran out: every card opens, as 'Calificar' opens them, to show its result.
  const [openedOnTimeUp, setOpenedOnTimeUp] = useState(false);
  if (timeUp && !openedOnTimeUp) {
    setOpenedOnTimeUp(true);
    setExpanded(new Set(questions.map((question) => question.id)));
  }
  const caseHeadingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const graded = evaluations !== null;
  const answered = answeredCount(clinicCase, selections);
  // Cases unfold as in the exam: question n + 1 shows once question n has an answer (later ones could give it away).
  const firstUnanswered = questions.findIndex((question) => selections[question.id] === undefined);
  const sealed = (index: number) => !graded && !timeUp && firstUnanswered !== -1 && index > firstUnanswered;
  // Once time ran out, what was chosen is graded as it stands (the quiz grades it; 'Calificar' retries a failure).
  const ready = (answered === questions.length || timeUp) && !grading;

  useEffect(() => {
    if (!focusOnMount) return;
    window.scrollTo({ top: 0 });
    caseHeadingRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  // The 'Calificar' button is gone once graded: hand focus to the result that replaced it.
  useEffect(() => {
    if (graded) summaryRef.current?.focus();
  }, [graded]);

  function setOpen(questionId: string, open: boolean) {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(questionId);
      else next.delete(questionId);
      return next;
    });
  }

  function select(questionId: string, optionIndex: number) {
    const isFirstAnswer = selections[questionId] === undefined;
    onSelect(questionId, optionIndex);
    // A first answer opens the next question and makes it the one keys answer, so the case reads (and
    // types) straight through: B, C, A, Enter. Nothing closes.
    const next = questions[questions.findIndex((question) => question.id === questionId) + 1];
    if (isFirstAnswer && next) {
      setOpen(next.id, true);
      setActiveId(next.id);
    }
  }

  function grade() {
    if (!ready) return;
    // Every card opens to show its result.
    setExpanded(new Set(questions.map((question) => question.id)));
    onGrade();
  }

  // M flags the question being looked at: the focused card, or the active one.
  useFlagShortcut({
    enabled: flagFor !== undefined,
    onFlag: () => {
      const focusedId = document.activeElement?.closest<HTMLElement>('[data-question-id]')?.dataset.questionId;
      flagFor?.(focusedId ?? activeId)?.onToggle();
    },
  });

  useOptionShortcuts({
    enabled: !graded && !grading && !timeUp,
    onOption: (optionIndex) => {
      // Focus inside a card wins: the person is looking at that question.
      const focusedId = document.activeElement?.closest<HTMLElement>('[data-question-id]')?.dataset.questionId;
      const question = questions.find((candidate) => candidate.id === (focusedId ?? activeId));
      // Only a question whose options are on screen: a closed or still sealed one ignores the keys.
      if (!question || optionIndex >= question.options.length || !expanded.has(question.id) || sealed(questions.indexOf(question))) return;
      select(question.id, optionIndex);
    },
    onSubmit: grade,
  });

  return (
    <div className="space-y-6">
      <section aria-labelledby="case-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            id="case-heading"
            ref={caseHeadingRef}
            tabIndex={-1}
            className="text-lg font-bold text-slate-900 focus:outline-none sm:text-xl"
          >
            Caso clínico
          </h2>
          <SpecialityTag tags={clinicCase.tags} />
        </div>
        <div className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{clinicCase.clinicCaseContent}</div>
        {clinicCase.source && <SourceNote source={clinicCase.source} />}
      </section>

      <section aria-labelledby="questions-heading">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-x-2">
          <h2 id="questions-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
            Preguntas
          </h2>
          <KeyboardShortcutsToggle hint="A–E o 1–5 eligen una opción; Enter califica." />
        </div>
        <ol className="space-y-3">
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              clinicCase={clinicCase}
              question={question}
              index={index}
              expanded={expanded.has(question.id)}
              onToggle={() => {
                const open = !expanded.has(question.id);
                setOpen(question.id, open);
                if (open) setActiveId(question.id);
              }}
              onActivate={() => setActiveId(question.id)}
              selected={selections[question.id]}
              onSelect={(optionIndex) => select(question.id, optionIndex)}
              locked={graded || grading || timeUp}
              evaluation={evaluations?.[question.id]}
              flag={flagFor?.(question.id)}
              sealed={sealed(index)}
            />
          ))}
        </ol>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        {graded ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p ref={summaryRef} tabIndex={-1} className="flex-1 font-semibold text-slate-900 focus:outline-none">
              {timeUp && <span className="block text-sm text-amber-800">Se acabó el tiempo del caso.</span>}
              Acertaste {correctCount(evaluations)} de {questions.length} {questions.length === 1 ? 'pregunta' : 'preguntas'}.
              {answered < questions.length && (
                <span className="block text-sm font-medium text-slate-700">Sin responder: {questions.length - answered}.</span>
              )}
            </p>
            {/* One line at 360 px (N25): each button as wide as its label, sharing what is left. */}
            <div className="flex gap-3">
              {saveHref ? (
                <Link to={saveHref} className={buttonClassName('secondary', 'sm', BAR_BUTTON)}>
                  Crear cuenta y guardar
                </Link>
              ) : (
                <button type="button" onClick={onSave} disabled={saving} className={buttonClassName('secondary', 'sm', BAR_BUTTON)}>
                  {saving ? 'Guardando...' : 'Guardar y salir'}
                </button>
              )}
              <button type="button" onClick={onNext} disabled={saving} className={buttonClassName('primary', 'sm', BAR_BUTTON)}>
                Siguiente
              </button>
            </div>
          </div>
        ) : (
          <div className="flex items-center gap-3">
            <p id="grade-progress" className="flex-1 text-sm text-slate-700">
              {timeUp ? 'Se acabó el tiempo: ' : ''}
              {answered} de {questions.length} respondidas
              {answered < questions.length && !timeUp && <span className="sr-only">. Responde todas las preguntas para calificar.</span>}
            </p>
            <button
              type="button"
              onClick={grade}
              disabled={!ready}
              aria-describedby="grade-progress"
              className={buttonClassName('primary', 'md', 'min-w-36')}
            >
              {grading ? 'Calificando...' : 'Calificar'}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
