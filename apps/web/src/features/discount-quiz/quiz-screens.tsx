import type { ReactNode } from 'react';
import type { DiscountQuizQuestion } from '@galeno/domain/contracts/discount-quiz';
import {
  answeredAction,
  canShowResult,
  canSubmit,
  isLastAttempt,
  tryAgainLabel,
  type DiscountQuizState,
} from '@galeno/domain/discount-quiz-machine';
import { buttonClassName } from '../../components/ui/button-styles';
import { OptionGroup, type ChoiceOption } from '../../components/ui/option-group';
import { ScreenCard, ScreenHeading, TagsHeader } from './quiz-parts';
import {
  ANSWER,
  EXPLANATION,
  LAST_ATTEMPT,
  LAST_ATTEMPT_NOTE,
  PICK_AN_OPTION,
  QUESTION_TITLE,
  QUESTION_UNAVAILABLE,
  RETRY,
  RETRYING,
  RIGHT_TITLE,
  seeMyDiscount,
  SENDING_ANSWER,
  START,
  TO_ROULETTE,
  WELCOME_TEXT,
  WELCOME_TITLE,
  WRONG_TITLE,
} from './texts';

export function WelcomeScreen({
  state,
  focusHeading,
  onStart,
  onShowResult,
}: {
  state: DiscountQuizState;
  focusHeading: boolean;
  onStart: () => void;
  onShowResult: () => void;
}) {
  return (
    <ScreenCard>
      <GiftBadge />
      <ScreenHeading focus={focusHeading}>{WELCOME_TITLE}</ScreenHeading>
      <p className="mt-3 text-lg leading-relaxed text-slate-700">{WELCOME_TEXT}</p>
      {isLastAttempt(state) && <p className="mt-3 font-semibold text-amber-900">{LAST_ATTEMPT_NOTE}</p>}
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" onClick={onStart} className={buttonClassName('primary', 'lg')}>
          {START}
        </button>
        {canShowResult(state) && state.prize !== null && (
          <button type="button" onClick={onShowResult} className={buttonClassName('secondary', 'lg')}>
            {seeMyDiscount(state.prize)}
          </button>
        )}
      </div>
    </ScreenCard>
  );
}

/**
 * The welcome screen's frame while the visitor's attempts load (the pre-rendered first paint, issue 21): the same
 * card, title and text, so nothing moves when the real screen replaces it; the button waits for the data.
 */
export function PendingWelcomeScreen() {
  return (
    <ScreenCard>
      <GiftBadge />
      <ScreenHeading focus={false}>{WELCOME_TITLE}</ScreenHeading>
      <p className="mt-3 text-lg leading-relaxed text-slate-700">{WELCOME_TEXT}</p>
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" disabled aria-busy="true" className={buttonClassName('primary', 'lg')}>
          {START}
        </button>
      </div>
    </ScreenCard>
  );
}

interface QuestionScreenProps {
  state: DiscountQuizState;
  question: DiscountQuizQuestion | null;
  questionError: string | null;
  showTags: boolean;
  focusHeading: boolean;
  submitting: boolean;
  retrying: boolean;
  onSelect: (index: number) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

export function QuestionScreen(props: QuestionScreenProps) {
  const { state, question, showTags, focusHeading, submitting, onSelect, onSubmit } = props;
  if (!question) return <QuestionUnavailable {...props} />;
  const ready = canSubmit(state);
  return (
    <ScreenCard>
      <div className="flex flex-wrap items-center gap-2">
        {showTags && <TagsHeader tags={question.tags} />}
        {isLastAttempt(state) && <LastAttemptBadge />}
      </div>
      <div className={showTags || isLastAttempt(state) ? 'mt-3' : ''}>
        <ScreenHeading focus={focusHeading}>{QUESTION_TITLE}</ScreenHeading>
      </div>
      <form
        className="mt-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !submitting) onSubmit();
        }}
      >
        <OptionGroup
          name="discount-quiz-option"
          legend={question.question}
          options={choicesOf(question)}
          selected={state.selectedIndex}
          onSelect={onSelect}
          disabled={submitting}
        />
        <button
          type="submit"
          disabled={!ready || submitting}
          aria-describedby={ready ? undefined : 'discount-quiz-pick-hint'}
          className={buttonClassName('primary', 'lg', 'mt-6 w-full')}
        >
          {submitting ? SENDING_ANSWER : ANSWER}
        </button>
        {!ready && (
          <p id="discount-quiz-pick-hint" className="mt-2 text-center text-sm text-slate-600">
            {PICK_AN_OPTION}
          </p>
        )}
      </form>
    </ScreenCard>
  );
}

function QuestionUnavailable({ questionError, focusHeading, retrying, onRetry }: QuestionScreenProps) {
  return (
    <ScreenCard>
      <ScreenHeading focus={focusHeading}>{QUESTION_TITLE}</ScreenHeading>
      <div role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950">
        <p className="font-semibold">{QUESTION_UNAVAILABLE}</p>
        {questionError && <p className="mt-1">{questionError}</p>}
      </div>
      <button type="button" onClick={onRetry} disabled={retrying} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
        {retrying ? RETRYING : RETRY}
      </button>
    </ScreenCard>
  );
}

interface AnsweredScreenProps {
  state: DiscountQuizState;
  question: DiscountQuizQuestion | null;
  showTags: boolean;
  focusHeading: boolean;
  onToRoulette: () => void;
  onTryAgain: () => void;
  /** After a miss: when the next attempt is, or that none is left. */
  nextAttempt: string;
  /** After a miss: the links the variant offers besides 'try again'. */
  nextSteps: ReactNode;
}

/**
 * The server's verdict and explanation; then the roulette after a right answer, or, after a miss, when the
 * next attempt is, 'try again' and what else the variant offers.
 */
export function AnsweredScreen(props: AnsweredScreenProps) {
  const { state, question, showTags, focusHeading, onToRoulette, onTryAgain, nextAttempt, nextSteps } = props;
  const answer = state.answer;
  if (!answer) return null;
  const toRoulette = answeredAction(state) === 'roulette';
  return (
    <ScreenCard>
      {showTags && question && <TagsHeader tags={question.tags} />}
      <div className={showTags && question ? 'mt-3' : ''}>
        <ScreenHeading focus={focusHeading}>{answer.correct ? RIGHT_TITLE : WRONG_TITLE}</ScreenHeading>
      </div>
      {question && (
        <div className="mt-5">
          <OptionGroup
            name="discount-quiz-option"
            legend={question.question}
            options={choicesOf(question)}
            selected={answer.answerIndexSelected}
            correctAnswer={answer.correctAnswer}
          />
        </div>
      )}
      {answer.feedback.trim() && (
        <section aria-labelledby="discount-quiz-explanation" className="mt-6 rounded-xl bg-slate-50 p-4">
          <h2 id="discount-quiz-explanation" className="font-bold text-slate-900">
            {EXPLANATION}
          </h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{answer.feedback}</p>
        </section>
      )}
      {toRoulette ? (
        <button type="button" onClick={onToRoulette} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
          {TO_ROULETTE}
        </button>
      ) : (
        <>
          <p data-testid="next-attempt" className="mt-6 text-center font-semibold text-slate-900">
            {nextAttempt}
          </p>
          <div className="mt-3 flex flex-col gap-3">
            <button type="button" onClick={onTryAgain} className={buttonClassName('primary', 'lg', 'w-full')}>
              {tryAgainLabel(state)}
            </button>
            {nextSteps}
          </div>
        </>
      )}
    </ScreenCard>
  );
}

/** 'Ya participaste hoy' and 'Has agotado todos tus intentos', with what the variant offers next. */
export function EndScreen({
  title,
  text,
  focusHeading,
  children,
}: {
  title: string;
  text: string;
  focusHeading: boolean;
  children?: ReactNode;
}) {
  return (
    <ScreenCard>
      <ScreenHeading focus={focusHeading}>{title}</ScreenHeading>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
      {children && <div className="mt-6 flex flex-col gap-3 sm:flex-row">{children}</div>}
    </ScreenCard>
  );
}

function LastAttemptBadge() {
  return <p className="inline-flex rounded-full bg-amber-500 px-3 py-1 text-sm font-bold text-amber-950">{LAST_ATTEMPT}</p>;
}

function GiftBadge() {
  return (
    <span aria-hidden="true" className="mb-4 grid size-14 place-items-center rounded-2xl bg-amber-100 text-amber-800">
      <svg
        viewBox="0 0 24 24"
        className="size-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
        <path d="M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
      </svg>
    </span>
  );
}

/** Image options show the image with their text as its alternative. */
function choicesOf(question: DiscountQuizQuestion): ChoiceOption[] {
  return question.options.map((option) => ({ text: option.text, imageUrl: option.imageURL, imageOnly: option.type === 'image' }));
}
