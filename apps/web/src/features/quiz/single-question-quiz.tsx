import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { gpcOf, SpecialityTag } from '../../components/question/feedback';
import { QuestionBody } from '../../components/question/question-body';
import { QuizResults } from '../../components/question/quiz-results';
import { KeyboardShortcutsToggle } from '../../components/ui/keyboard-shortcuts-toggle';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { QuizLiveRegion, QuizLoadError, QuizLoading } from './quiz-status';
import { QuizTimer } from './quiz-timer';
import { QuizToolbar } from './quiz-toolbar';
import { useOptionShortcuts } from './use-option-shortcuts';
import { useSingleQuestionQuiz, type LoadQuestion, type SingleQuestionState } from './use-single-question-quiz';
import { useFlagShortcut } from '../../lib/keyboard-shortcuts';
import { useFlags } from '../../components/question/use-flags';
import { SessionReviewPanel } from './session-review-panel';
import { RepeatNotice } from './repeat-notice';
import { TRIAL_SIGNUP_PATH } from '../../lib/trial-storage';
import type { QuestionFlagControl } from '../../components/question/flag-button';

/** «Preguntas sueltas»: a minute each, the clock optional. */
const SINGLE_QUESTION_SECONDS = 60;
const MINUTE_CLOCK_KEY = 'preguntas-sueltas-reloj';

/** Whether the student turned the minute clock on, kept on this device. */
function useMinuteClock(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(MINUTE_CLOCK_KEY) === '1';
    } catch {
      return false;
    }
  });
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(MINUTE_CLOCK_KEY, '1');
      else localStorage.removeItem(MINUTE_CLOCK_KEY);
    } catch {
      // Private mode: the choice lasts this visit.
    }
  };
  return [on, set];
}

/** A bottom-bar button: its label on one line, growing into the room left (N25). */
const BAR_BUTTON = 'flex-1 whitespace-nowrap sm:flex-none';

interface SingleQuestionQuizProps {
  userId: string;
  /** An account keeps flags ("Marcar para repasar"); a trial does not. */
  canFlag?: boolean;
  /** A trial: nothing to save (its answers wait for the account created from its signup link). */
  trial?: boolean;
  /** The bank chip of «Preguntas sueltas» (a review session's list is fixed: none there). */
  bank?: ReactNode;
  /** A review session the server opened over a fixed list: its id, how to load round n, and how many there are. */
  review?: {
    sessionId: string;
    load: LoadQuestion;
    total: number;
    title: string;
    /** Questions already answered (resuming): the count starts after them. */
    startAt: number;
    /** A custom exam's time per question: a clock per question with the time left at that pace. */
    secondsPerQuestion?: number | null;
  };
}

/**
 * The single-question screen (spec section 2): a speciality tag, the question and its options A–E. A review
 * session ("Repasar incorrectas", "Repasar marcadas") walks its list here too, each question under its case text.
 */
export function SingleQuestionQuiz({ userId, canFlag = false, trial = false, bank, review }: SingleQuestionQuizProps) {
  // «Preguntas sueltas» promise a minute each: the clock is the student's choice, remembered on this device (ux N13).
  const [minuteClock, setMinuteClock] = useMinuteClock();
  const secondsPerQuestion = review ? (review.secondsPerQuestion ?? null) : minuteClock ? SINGLE_QUESTION_SECONDS : null;
  const quiz = useSingleQuestionQuiz({
    userId,
    timed: secondsPerQuestion !== null,
    ...(review ? { sessionId: review.sessionId, load: review.load } : {}),
  });
  const position = (round: number) => (review ? review.startAt + round + 1 : round + 1);
  const flags = useFlags(canFlag);
  const { state } = quiz;
  const [noticeRound, setNoticeRound] = useState<number | null>(null);
  const [noticeDismissed, setNoticeDismissed] = useState(false);

  if (state.status === 'saved') {
    return (
      <QuizResults evaluation={state.saved.quickQuizEvaluation}>
        {state.saved.quizSessionId && <SessionReviewPanel quizSessionId={state.saved.quizSessionId} />}
      </QuizResults>
    );
  }
  const onScreen = state.status === 'answering' || state.status === 'graded' ? state : null;
  const question = onScreen?.item.questions[0];
  // The first repeat of the session is announced, once (the bank's unseen questions ran out).
  if (!review && question?.repeated && onScreen && noticeRound === null) setNoticeRound(onScreen.round);

  return (
    <div>
      <QuizToolbar
        title={review ? review.title : 'Pregunta suelta'}
        subtitle={review ? undefined : 'Pruebas Rápidas'}
        counter={review && onScreen ? `Pregunta ${position(onScreen.round)} de ${review.total}` : undefined}
        timer={
          secondsPerQuestion && onScreen ? (
            <QuizTimer
              key={onScreen.round}
              running={onScreen.status === 'answering'}
              questions={1}
              secondsPerQuestion={secondsPerQuestion}
            />
          ) : undefined
        }
        links={
          review ? undefined : (
            <>
              <Link to="/app/quick-quiz" className={buttonClassName('secondary', 'sm')}>
                Casos clínicos
              </Link>
              <button
                type="button"
                aria-pressed={minuteClock}
                onClick={() => setMinuteClock(!minuteClock)}
                className={buttonClassName(minuteClock ? 'primary' : 'secondary', 'sm')}
              >
                Reloj de 1 minuto
              </button>
            </>
          )
        }
        bank={review ? undefined : bank}
      />
      <QuizLiveRegion message={announcement(state)} />
      {state.status === 'loading' && <QuizLoading label="Cargando pregunta" />}
      {state.status === 'load-failed' && (
        <QuizLoadError message={state.message} onRetry={state.httpStatus === 404 ? undefined : quiz.next} />
      )}
      {onScreen && onScreen.round === noticeRound && !noticeDismissed && (
        <RepeatNotice scope={{ label: '' }} items="preguntas" onRepeat={() => setNoticeDismissed(true)} />
      )}
      {onScreen && question && (
        <QuestionRound
          key={onScreen.round}
          question={question}
          caseText={onScreen.item.caseText}
          flag={flags.controlFor(question.id)}
          last={review !== undefined && position(onScreen.round) >= review.total}
          selected={onScreen.selections[question.id]}
          evaluation={onScreen.status === 'graded' ? (onScreen.evaluations[question.id] ?? null) : null}
          grading={onScreen.status === 'answering' && onScreen.grading}
          saving={onScreen.status === 'graded' && onScreen.saving}
          focusOnMount={onScreen.round > 0}
          onSelect={quiz.select}
          onGrade={quiz.grade}
          onSave={() => void quiz.save()}
          saveHref={trial ? TRIAL_SIGNUP_PATH : undefined}
          onNext={quiz.next}
        />
      )}
      <MembershipExpiredModal open={quiz.expired} />
    </div>
  );
}

interface QuestionRoundProps {
  question: Question;
  caseText: string | null;
  flag: QuestionFlagControl | undefined;
  /** The last question of a review session: 'Ver resultados' saves instead of loading another. */
  last: boolean;
  selected: number | undefined;
  evaluation: QuestionEvaluation | null;
  grading: boolean;
  saving: boolean;
  focusOnMount: boolean;
  onSelect: (optionIndex: number) => void;
  onGrade: () => Promise<boolean>;
  onSave: () => void;
  /** A trial cannot save: the button leads to the signup that keeps its answers instead. */
  saveHref?: string | undefined;
  onNext: () => void;
}

function QuestionRound({
  question,
  caseText,
  flag,
  last,
  selected,
  evaluation,
  grading,
  saving,
  focusOnMount,
  onSelect,
  onGrade,
  onSave,
  saveHref,
  onNext,
}: QuestionRoundProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const graded = evaluation !== null;
  const ready = selected !== undefined && !grading;
  // Set by «Calificar»: the verdict renders after the grade's promise settles, so it is brought into view once drawn.
  const revealResult = useRef(false);

  useEffect(() => {
    if (!focusOnMount) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  async function grade() {
    if (!ready) return;
    revealResult.current = true;
    if (!(await onGrade())) revealResult.current = false;
  }

  // The verdict opens in place under the options, below the fold after a long stem (issue 35, N13): the page scrolls
  // to it (at once for whoever asked for less motion) and focus goes to it, where the «Calificar» button was.
  useEffect(() => {
    if (!graded || !revealResult.current) return;
    revealResult.current = false;
    const result = resultRef.current;
    if (!result) return;
    result.focus({ preventScroll: true });
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    result.scrollIntoView?.({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [graded]);

  useFlagShortcut({ enabled: flag !== undefined, onFlag: () => flag?.onToggle() });

  useOptionShortcuts({
    enabled: !graded && !grading,
    onOption: (optionIndex) => {
      if (optionIndex < question.options.length) onSelect(optionIndex);
    },
    onSubmit: () => void grade(),
  });

  return (
    <div className="space-y-6">
      {caseText && (
        <section aria-labelledby="review-case-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="review-case-heading" className="text-lg font-bold text-slate-900">
            Caso clínico
          </h2>
          <div className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{caseText}</div>
        </section>
      )}
      <section aria-labelledby="question-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="question-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
            Pregunta
          </h2>
          <SpecialityTag tags={question.tags} />
        </div>
        <QuestionBody
          question={question}
          selected={selected}
          onSelect={onSelect}
          locked={graded || grading}
          evaluation={evaluation ?? undefined}
          gpc={gpcOf(question)}
          source={question.source}
          resultRef={resultRef}
          flag={flag}
        />
        <KeyboardShortcutsToggle hint="letras o números eligen una opción; Enter califica." className="mt-2" />
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        {graded ? (
          // One line at 360 px (N25): each button as wide as its label; on a phone the shorter labels show, and the
          // full ones stay their accessible names.
          <div className="flex gap-3 sm:justify-end">
            {last ? (
              <button type="button" onClick={onSave} disabled={saving} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
                {saving ? 'Guardando...' : 'Ver resultados'}
              </button>
            ) : (
              <>
                {saveHref ? (
                  <Link to={saveHref} aria-label="Crear cuenta y guardar" className={buttonClassName('secondary', 'sm', BAR_BUTTON)}>
                    Crear cuenta<span className="hidden sm:inline">&nbsp;y guardar</span>
                  </Link>
                ) : (
                  <button type="button" onClick={onSave} disabled={saving} className={buttonClassName('secondary', 'sm', BAR_BUTTON)}>
                    {saving ? 'Guardando...' : 'Guardar y salir'}
                  </button>
                )}
                <button
                  type="button"
                  onClick={onNext}
                  disabled={saving}
                  aria-label="Siguiente pregunta"
                  className={buttonClassName('primary', 'sm', BAR_BUTTON)}
                >
                  Siguiente<span className="hidden sm:inline">&nbsp;pregunta</span>
                </button>
              </>
            )}
          </div>
        ) : (
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => void grade()}
              disabled={!ready}
              className={buttonClassName('primary', 'md', 'w-full sm:w-auto sm:min-w-36')}
            >
              {grading ? 'Calificando...' : 'Calificar'}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function announcement(state: SingleQuestionState): string {
  switch (state.status) {
    case 'loading':
      return 'Cargando pregunta...';
    case 'answering':
      return state.grading ? 'Calificando...' : 'Pregunta lista.';
    case 'graded':
      return Object.values(state.evaluations)[0]?.correct ? 'Respuesta correcta.' : 'Respuesta incorrecta.';
    default:
      return '';
  }
}
