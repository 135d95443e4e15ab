import { useId } from 'react';
import type { ClinicCase, Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { optionLetter } from '@galeno/domain/scores';
import { ChevronIcon } from '../ui/icons';
import { gpcOf, questionSourceOf } from './feedback';
import { QuestionBody } from './question-body';
import type { QuestionFlagControl } from './flag-button';

interface QuestionCardProps {
  clinicCase: ClinicCase;
  question: Question;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  /** Focus or a click inside the card makes it the question keyboard shortcuts answer. */
  onActivate: () => void;
  selected: number | undefined;
  onSelect: (optionIndex: number) => void;
  locked: boolean;
  evaluation: QuestionEvaluation | undefined;
  flag?: QuestionFlagControl | undefined;
  /** As in the exam, a later question stays closed, its text unseen, until the one before it is answered. */
  sealed?: boolean;
}

/** One question of a case as an expandable card (disclosure pattern): a heading button opens and closes it. */
export function QuestionCard(props: QuestionCardProps) {
  const {
    clinicCase,
    question,
    index,
    expanded,
    onToggle,
    onActivate,
    selected,
    onSelect,
    locked,
    evaluation,
    flag,
    sealed = false,
  } = props;
  const panelId = useId();
  const total = clinicCase.questions.length;
  const source = questionSourceOf(question, clinicCase);

  return (
    <li>
      <article
        data-question-id={question.id}
        onFocus={onActivate}
        onPointerDown={onActivate}
        className={`rounded-2xl border bg-white shadow-sm ${evaluation && !evaluation.unanswered ? (evaluation.correct ? 'border-emerald-300' : 'border-rose-300') : evaluation ? 'border-amber-300' : 'border-slate-200'}`}
      >
        <h3>
          <button
            type="button"
            aria-expanded={expanded && !sealed}
            aria-controls={panelId}
            aria-disabled={sealed || undefined}
            onClick={sealed ? undefined : onToggle}
            className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 py-3 text-left"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">
                Pregunta {index + 1} de {total}
              </span>
              {sealed ? (
                <span className="mt-0.5 block text-sm text-slate-600">Se muestra al responder la anterior</span>
              ) : (
                !expanded && (
                  <span aria-hidden="true" className="mt-0.5 line-clamp-1 text-sm text-slate-600">
                    {question.question}
                  </span>
                )
              )}
            </span>
            <QuestionStatus selected={selected} evaluation={evaluation} />
            <ChevronIcon className={`size-5 shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`} />
          </button>
        </h3>
        <div id={panelId} hidden={!expanded || sealed} className="border-t border-slate-100 px-4 pb-4 pt-3">
          {/* A sealed question is not even in the page: nothing of it can be read before its turn. */}
          {!sealed && (
            <QuestionBody
              question={question}
              selected={selected}
              onSelect={onSelect}
              locked={locked}
              evaluation={evaluation}
              gpc={gpcOf(question, clinicCase)}
              source={source}
              headingLevel={4}
              feedbackLabel={`Retroalimentación de la pregunta ${index + 1}`}
              flag={flag}
            />
          )}
        </div>
      </article>
    </li>
  );
}

function QuestionStatus({ selected, evaluation }: { selected: number | undefined; evaluation: QuestionEvaluation | undefined }) {
  let text: string;
  let look: string;
  if (evaluation?.unanswered) {
    // The timed quiz's time ran out before this question had an answer.
    text = 'Sin responder';
    look = 'bg-amber-100 text-amber-900';
  } else if (evaluation) {
    text = evaluation.correct ? 'Correcta' : 'Incorrecta';
    look = evaluation.correct ? 'bg-emerald-100 text-emerald-900' : 'bg-rose-100 text-rose-900';
  } else if (selected !== undefined) {
    text = `Respondida: ${optionLetter(selected)}`;
    look = 'bg-brand-100 text-brand-900';
  } else {
    text = 'Sin responder';
    look = 'bg-slate-100 text-slate-700';
  }
  return <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${look}`}>{text}</span>;
}
