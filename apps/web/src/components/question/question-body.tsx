import { useId, type Ref } from 'react';
import type { Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { OptionGroup } from '../ui/option-group';
import { FeedbackDetails, SourceNote, Verdict } from './feedback';
import { FlagButton, type QuestionFlagControl } from './flag-button';
import { QuestionFigure } from './question-figure';
import { ReportErrorButton } from './report-error';

interface QuestionBodyProps {
  question: Question;
  selected: number | undefined;
  onSelect: (optionIndex: number) => void;
  /** While grading and once graded, the options no longer change. */
  locked: boolean;
  /** Undefined until the question is graded. */
  evaluation: QuestionEvaluation | undefined;
  /** The guideline and source to print: the question's own, or its case's (feedback.tsx). */
  gpc: Question['gpc'];
  source: Question['source'];
  /** The explanation's heading level, under the heading that holds the question. */
  headingLevel?: 3 | 4;
  /** Names the explanation when several are on screen ('Retroalimentación de la pregunta 2'). */
  feedbackLabel?: string;
  /** Focus lands on the result once graded, where the 'Calificar' button was. */
  resultRef?: Ref<HTMLDivElement>;
  /** "Marcar para repasar" and "Reportar un error", for an account (a trial keeps no flags and files no reports). */
  flag?: QuestionFlagControl | undefined;
}

/**
 * One question as every quiz shows it: the stem and options as a radio group, the source, and once graded the
 * verdict with the explanation, in place under the options on every screen (one way to read it, in every mode).
 */
export function QuestionBody(props: QuestionBodyProps) {
  const { question, selected, onSelect, locked, evaluation, gpc, source, headingLevel = 3, feedbackLabel, resultRef, flag } = props;
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <>
      {question.figure && <QuestionFigure figure={question.figure} />}
      <OptionGroup
        name={`pregunta-${question.id}`}
        legend={question.question}
        options={question.options}
        selected={selected}
        onSelect={onSelect}
        disabled={locked}
        correctAnswer={evaluation?.correctAnswer}
        shares={evaluation?.optionShares}
      />
      {flag && (
        // An account's own actions on the question: flag it, or report an error in it.
        <div className="mt-2 flex flex-wrap justify-between gap-1 sm:justify-end">
          <FlagButton {...flag} />
          <ReportErrorButton itemKind="question" itemId={question.id} />
        </div>
      )}
      {source && <SourceNote source={source} />}
      {evaluation && (
        <div ref={resultRef} tabIndex={resultRef ? -1 : undefined} className="mt-4 space-y-3 focus:outline-none">
          <Verdict evaluation={evaluation} />
          <section
            {...(feedbackLabel ? { 'aria-label': feedbackLabel } : { 'aria-labelledby': headingId })}
            className="rounded-xl bg-slate-50 p-4"
          >
            <Heading id={headingId} className="mb-2 font-semibold text-slate-900">
              Retroalimentación
            </Heading>
            <FeedbackDetails evaluation={evaluation} gpc={gpc} />
          </section>
        </div>
      )}
    </>
  );
}
