import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { buttonClassName } from '../../components/ui/button-styles';
import { FeedbackDetails, gpcOf, SpecialityTag, Verdict } from '../../components/question/feedback';
import { QuestionBody } from '../../components/question/question-body';
import { QuizResults } from '../../components/question/quiz-results';
import { KeyboardShortcutsToggle } from '../../components/ui/keyboard-shortcuts-toggle';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { QuizLiveRegion, QuizLoadError, QuizLoading } from './quiz-status';
import { QuizToolbar } from './quiz-toolbar';
import type { SingleQuestionState } from './use-single-question-quiz';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';
import { useOptionShortcuts } from './use-option-shortcuts';
import { useSingleQuestionQuiz } from './use-single-question-quiz';

/** The single-question screen (spec section 2): a speciality tag, the question and its options A–E. */
export function SingleQuestionQuiz({ userId }: { userId: string }) {
  const quiz = useSingleQuestionQuiz({ userId });
  const feedbackInline = useMediaQuery(DESKTOP_QUERY);
  const { state } = quiz;

  if (state.status === 'saved') return <QuizResults evaluation={state.saved.quickQuizEvaluation} />;
  const onScreen = state.status === 'answering' || state.status === 'graded' ? state : null;
  const question = onScreen?.item.questions[0];

  return (
    <div>
      <QuizToolbar
        title="Pregunta suelta"
        subtitle="Pruebas Rápidas"
        links={
          <Link to="/app/quick-quiz" className={buttonClassName('secondary', 'sm')}>
            Casos clínicos
          </Link>
        }
        unsaved={quiz.unsaved}
      />
      <QuizLiveRegion message={announcement(state)} />
      {state.status === 'loading' && <QuizLoading label="Cargando pregunta" />}
      {state.status === 'load-failed' && (
        <QuizLoadError message={state.message} onRetry={state.httpStatus === 404 ? undefined : quiz.next} />
      )}
      {onScreen && question && (
        <QuestionRound
          key={onScreen.round}
          question={question}
          selected={onScreen.selections[question.id]}
          evaluation={onScreen.status === 'graded' ? (onScreen.evaluations[question.id] ?? null) : null}
          grading={onScreen.status === 'answering' && onScreen.grading}
          saving={onScreen.status === 'graded' && onScreen.saving}
          feedbackInline={feedbackInline}
          focusOnMount={onScreen.round > 0}
          onSelect={quiz.select}
          onGrade={quiz.grade}
          onSave={() => void quiz.save()}
          onNext={quiz.next}
        />
      )}
      <MembershipExpiredModal open={quiz.expired} />
    </div>
  );
}

interface QuestionRoundProps {
  question: Question;
  selected: number | undefined;
  evaluation: QuestionEvaluation | null;
  grading: boolean;
  saving: boolean;
  feedbackInline: boolean;
  focusOnMount: boolean;
  onSelect: (optionIndex: number) => void;
  onGrade: () => Promise<boolean>;
  onSave: () => void;
  onNext: () => void;
}

function QuestionRound({
  question,
  selected,
  evaluation,
  grading,
  saving,
  feedbackInline,
  focusOnMount,
  onSelect,
  onGrade,
  onSave,
  onNext,
}: QuestionRoundProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const graded = evaluation !== null;
  const ready = selected !== undefined && !grading;

  useEffect(() => {
    if (!focusOnMount) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  async function grade() {
    if (!ready) return;
    const ok = await onGrade();
    if (!ok) return;
    // On phones the explanation opens in the sheet, which takes focus; on desktop it is right here.
    if (feedbackInline) resultRef.current?.focus();
    else setSheetOpen(true);
  }

  useOptionShortcuts({
    enabled: !graded && !grading,
    onOption: (optionIndex) => {
      if (optionIndex < question.options.length) onSelect(optionIndex);
    },
    onSubmit: () => void grade(),
  });

  return (
    <div className="space-y-6">
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
          feedbackInline={feedbackInline}
          onOpenFeedback={() => setSheetOpen(true)}
          resultRef={resultRef}
        />
        <KeyboardShortcutsToggle hint="letras o números eligen una opción; Enter califica." className="mt-2" />
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        {graded ? (
          <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
            <button type="button" onClick={onSave} disabled={saving} className={buttonClassName('secondary')}>
              {saving ? 'Guardando...' : 'Guardar y salir'}
            </button>
            <button type="button" onClick={onNext} disabled={saving} className={buttonClassName('primary')}>
              Siguiente pregunta
            </button>
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

      <BottomSheet
        open={sheetOpen && !feedbackInline && graded}
        onClose={() => setSheetOpen(false)}
        title="Retroalimentación"
        returnFocusRef={resultRef}
      >
        {evaluation && (
          <div className="space-y-4">
            <Verdict evaluation={evaluation} />
            <FeedbackDetails evaluation={evaluation} gpc={gpcOf(question)} />
            <button type="button" onClick={onNext} disabled={saving} className={buttonClassName('primary', 'md', 'w-full')}>
              Siguiente pregunta
            </button>
          </div>
        )}
      </BottomSheet>
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
