import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  ALREADY_PARTICIPATED_TODAY,
  decline,
  END_STATE_BY_CODE,
  endStateForCode,
  initialState,
  MAX_ATTEMPTS_REACHED,
  transition,
  tryAgain,
  type DiscountQuizEvent,
  type DiscountQuizState,
} from '@galeno/domain/discount-quiz-machine';
import { discountExpiresAt } from '@galeno/domain/discount-quiz';
import { formatDate } from '@galeno/domain/format';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveDiscountDecision, saveDiscountEvaluation } from './api';
import { appendLocalEvaluation, writeLocalLastDiscount } from './local-record';
import { nextAttemptDay } from './next-attempt';
import { PrizeScreen } from './prize-screen';
import { AttemptsCounter, BackLink } from './quiz-parts';
import type { DiscountQuizData } from './quiz-data';
import { AnsweredScreen, EndScreen, QuestionScreen, WelcomeScreen } from './quiz-screens';
import {
  ALREADY_PARTICIPATED_TEXT,
  BACK_HOME,
  BACK_TO_STUDYING,
  CLAIM_MY_DISCOUNT,
  CLAIMED_TEXT,
  CONDITIONS_CLAIM,
  CREATE_ACCOUNT,
  CONDITIONS_MEMBER,
  MAX_ATTEMPTS_TEXT,
  nextAttemptTomorrow,
  NO_MORE_ATTEMPTS,
  NOT_NOW,
  RESULT_MEMBER_TEXT,
  RESULT_PUBLIC_TEXT,
  SAVING,
  SIGN_UP_FREE,
  TO_TRIAL,
  TRY_FREE,
  USE_MY_DISCOUNT,
  USE_NOW,
  ACCEPTED_TEXT,
  validUntilText,
} from './texts';

/**
 * - public: /discount-quiz, for visitors; a prize is claimed by e-mail.
 * - member: /app/discount-quiz; a prize is used at payment or declined.
 * - trial: for trial sessions, without the speciality/topic header, and pointing to the trial-period
 *   route when attempts run out. A trial has no account to pay with, so its prize is claimed by e-mail
 *   as in the public variant and attached to the account that signs up with that address.
 */
export type DiscountQuizVariant = 'public' | 'member' | 'trial';

interface View {
  state: DiscountQuizState;
  /** The screen changed at least once: from then on each new screen's heading takes focus. */
  moved: boolean;
}

/**
 * The claim form and the form rules it checks with (zod among them) load only once a prize is won, so the quiz's
 * first screen stays light on a phone (issue 21, Lighthouse's TBT on /discount-quiz).
 */
const loadClaimForm = () => import('./claim-form');
const ClaimForm = lazy(() => loadClaimForm().then((module) => ({ default: module.ClaimForm })));

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/** The quiz: renders the machine's state (packages/domain) and runs the calls it leads to. */
export function DiscountQuiz({ data, variant }: { data: DiscountQuizData; variant: DiscountQuizVariant }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [view, setView] = useState<View>(() => ({
    state: initialState(data.evaluations, data.lastDiscount, new Date(data.loadedAt)),
    moved: false,
  }));
  const [submitting, setSubmitting] = useState(false);
  const [deciding, setDeciding] = useState<'use' | 'decline' | null>(null);
  /** When the server recorded the attempt on screen: the next one is the day after. */
  const [answeredAt, setAnsweredAt] = useState<Date | null>(null);
  const { state, moved } = view;
  const isPublic = variant === 'public';
  const home = isPublic ? '/' : '/app';
  const prizeWon = state.prize !== null;
  // The prize on screen: the one loaded with the page, or one drawn now (the server dates it with the answer).
  const validUntil =
    parseValidUntil(data.lastDiscount?.validUntil) ?? (answeredAt && state.answer?.correct ? discountExpiresAt(answeredAt) : null);
  const claimed = !answeredAt && data.lastDiscount?.claimed === true;
  // While the roulette turns: the form is there by the time «Reclamar mi descuento» is pressed.
  useEffect(() => {
    if (prizeWon) void loadClaimForm();
  }, [prizeWon]);

  const update = (next: (current: DiscountQuizState) => DiscountQuizState) =>
    setView((current) => {
      const state = next(current.state);
      return state === current.state ? current : { state, moved: current.moved || state.name !== current.state.name };
    });
  const send = (event: DiscountQuizEvent) => update((current) => transition(current, event));
  const reload = () => void revalidator.revalidate();

  async function submit() {
    const question = data.question;
    if (!question || state.selectedIndex === null || submitting) return;
    setSubmitting(true);
    try {
      const response = await saveDiscountEvaluation({
        questionId: question.id,
        difficulty: question.tags.Dificultad,
        answerIndexSelected: state.selectedIndex,
      });
      if (isPublic) {
        appendLocalEvaluation(response.evaluation);
        if (response.prize !== null) writeLocalLastDiscount(response.prize);
      }
      const { correct, correctAnswer, feedback, prize } = response;
      const recorded = new Date(response.evaluation.created);
      setAnsweredAt(Number.isNaN(recorded.getTime()) ? new Date() : recorded);
      send({
        type: 'answered',
        outcome: { answerIndexSelected: response.evaluation.answerIndexSelected, correct, correctAnswer, feedback },
        prize,
      });
    } catch (error) {
      // 409: the server's limits win over what this page believed; its end screen says which one.
      const limitReached = error instanceof ApiError && error.status === 409 && Object.hasOwn(END_STATE_BY_CODE, error.code);
      if (limitReached) update((current) => endStateForCode(current, error.code));
      else {
        toast.error(messageOf(error));
        // Another tab loaded a newer question: only that one can be answered, so load it here too.
        if (error instanceof ApiError && error.code === 'QUESTION_NOT_SERVED') reload();
      }
    } finally {
      setSubmitting(false);
    }
  }

  function onTryAgain() {
    const exit = tryAgain(state);
    if (exit.kind === 'reload') reload();
    else if (exit.kind === 'state') update(() => exit.state);
  }

  async function applyDiscount() {
    if (state.prize === null || deciding) return;
    setDeciding('use');
    try {
      await saveDiscountDecision({ discount: state.prize, userAccepted: true });
      navigate(`/app/membership-pay?discount=${state.prize}`);
    } catch (error) {
      toast.error(messageOf(error));
      setDeciding(null);
    }
  }

  /** 'Ahora no', or 'Volver' from the result: save the refusal if the discount is new, then leave or end. */
  async function declineDiscount(leaving: boolean) {
    if (deciding) return;
    const { saveDecline, then } = decline(state);
    if (saveDecline && state.prize !== null) {
      setDeciding('decline');
      try {
        await saveDiscountDecision({ discount: state.prize, userAccepted: false });
        send({ type: 'decisionSaved' });
      } catch (error) {
        // The discount stays undecided on the server; the person still gets where they were going.
        toast.error(messageOf(error));
      }
      setDeciding(null);
    }
    if (leaving || then.kind === 'leave') navigate(home);
    else if (then.kind === 'state') update(() => then.state);
  }

  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isPublic) return;
    if (deciding) event.preventDefault();
    else if (state.name === 'result' && decline(state).saveDecline) {
      event.preventDefault();
      void declineDiscount(true);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <BackLink to={home} onNavigate={onBack} />
        {/* «Ya participaste hoy» beside «2/3 intentos restantes» read as a contradiction (N16): today's answer is given. */}
        {state.name !== 'already-participated' && <AttemptsCounter attemptsRemaining={state.attemptsRemaining} />}
      </div>
      {renderScreen()}
    </div>
  );

  function renderScreen() {
    const showTags = variant !== 'trial';
    switch (state.name) {
      case 'welcome':
        return (
          <WelcomeScreen
            state={state}
            focusHeading={moved}
            onStart={() => send({ type: 'start' })}
            onShowResult={() => send({ type: 'showResult' })}
          />
        );
      case 'question':
        return (
          <QuestionScreen
            state={state}
            question={data.question}
            questionError={data.questionError}
            showTags={showTags}
            focusHeading={moved}
            submitting={submitting}
            retrying={revalidator.state === 'loading'}
            onSelect={(index) => send({ type: 'select', index })}
            onSubmit={() => void submit()}
            onRetry={reload}
          />
        );
      case 'answered':
        return (
          <AnsweredScreen
            state={state}
            question={data.question}
            showTags={showTags}
            focusHeading={moved}
            onToRoulette={() => send({ type: 'goToRoulette' })}
            onTryAgain={onTryAgain}
            nextAttempt={state.attemptsRemaining > 0 ? nextAttemptTomorrow(answeredAt && nextAttemptDay(answeredAt)) : NO_MORE_ATTEMPTS}
            nextSteps={afterMissLinks()}
          />
        );
      case 'roulette':
      case 'result':
        if (state.prize === null) return null;
        return (
          <PrizeScreen
            showing={state.name}
            prize={state.prize}
            focusHeading={moved}
            onLanded={() => send({ type: 'landed' })}
            conditions={variant === 'member' ? CONDITIONS_MEMBER : CONDITIONS_CLAIM}
            resultContent={variant === 'member' ? memberResult() : publicResult()}
          />
        );
      case 'claim-discount':
        return (
          <Suspense fallback={<ClaimFormLoading />}>
            <ClaimForm prize={state.prize} focusHeading={moved} onBack={() => send({ type: 'backToResult' })} />
          </Suspense>
        );
      case 'already-participated':
        return (
          <EndScreen title={ALREADY_PARTICIPATED_TODAY} text={ALREADY_PARTICIPATED_TEXT} focusHeading={moved}>
            {isPublic ? publicLinks('primary') : backHomeLink()}
          </EndScreen>
        );
      case 'max-attempts-reached':
        return (
          <EndScreen title={MAX_ATTEMPTS_REACHED} text={MAX_ATTEMPTS_TEXT} focusHeading={moved}>
            {variant === 'trial' && (
              <Link to="/trial-period" className={buttonClassName('primary', 'lg')}>
                {TO_TRIAL}
              </Link>
            )}
            {isPublic ? publicLinks('primary') : backHomeLink()}
          </EndScreen>
        );
    }
  }

  function backHomeLink() {
    return (
      <Link to={home} className={buttonClassName('secondary', 'lg')}>
        {BACK_HOME}
      </Link>
    );
  }

  /**
   * What a visitor can do when the quiz has nothing more for them today: create an account, or try the app
   * for 5 minutes without one. No claim leads here (its '¡Email enviado!' screen has its own link to sign up
   * with the claim's data), so the signup link carries nothing.
   */
  function publicLinks(signUpLook: 'primary' | 'secondary') {
    return (
      <>
        <Link to="/signup" className={buttonClassName(signUpLook, signUpLook === 'primary' ? 'lg' : 'md')}>
          {SIGN_UP_FREE}
        </Link>
        {/* 'md' keeps it on one line on a 360 px phone (still a 44 px target). */}
        <Link to="/trial-period" className={buttonClassName('secondary', 'md')}>
          {TRY_FREE}
        </Link>
      </>
    );
  }

  /** Besides 'try again' after a miss: the visitor's ways in, or back to studying for an account or a trial. */
  function afterMissLinks() {
    if (isPublic) return publicLinks('secondary');
    return (
      <>
        {variant === 'trial' && (
          <Link to="/signup" className={buttonClassName('secondary', 'md')}>
            {SIGN_UP_FREE}
          </Link>
        )}
        <Link to="/app" className={buttonClassName('secondary', 'md')}>
          {BACK_TO_STUDYING}
        </Link>
      </>
    );
  }

  function validity() {
    return validUntil && <p className="mt-1 text-center text-sm font-semibold text-slate-800">{validUntilText(formatDate(validUntil))}</p>;
  }

  function publicResult() {
    if (claimed)
      return (
        <>
          <p className="text-center text-slate-700">{CLAIMED_TEXT}</p>
          {validity()}
          <Link to="/signup" className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
            {CREATE_ACCOUNT}
          </Link>
        </>
      );
    return (
      <>
        <p className="text-center text-slate-700">{RESULT_PUBLIC_TEXT}</p>
        {validity()}
        <button type="button" onClick={() => send({ type: 'accept' })} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
          {CLAIM_MY_DISCOUNT}
        </button>
      </>
    );
  }

  function memberResult() {
    // Accepted before («Usar mi descuento», then the payment was left): it waits for the payment, nothing to decide.
    if (!answeredAt && data.lastDiscount?.userAccepted === true && state.prize !== null)
      return (
        <>
          <p className="text-center text-slate-700">{ACCEPTED_TEXT}</p>
          {validity()}
          <Link to={`/app/membership-pay?discount=${state.prize}`} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
            {USE_NOW}
          </Link>
        </>
      );
    return (
      <>
        <p className="text-center text-slate-700">{RESULT_MEMBER_TEXT}</p>
        {validity()}
        <div className="mt-6 flex flex-col gap-3">
          <button
            type="button"
            onClick={() => void applyDiscount()}
            disabled={deciding !== null}
            className={buttonClassName('primary', 'lg')}
          >
            {deciding === 'use' ? SAVING : USE_MY_DISCOUNT}
          </button>
          <button
            type="button"
            onClick={() => void declineDiscount(false)}
            disabled={deciding !== null}
            className={buttonClassName('secondary', 'lg')}
          >
            {deciding === 'decline' ? SAVING : NOT_NOW}
          </button>
        </div>
      </>
    );
  }
}

/** Only if the form's chunk has not arrived yet when the prize is claimed (a slow network). */
function ClaimFormLoading() {
  return (
    <p role="status" className="py-10 text-center text-slate-700">
      Cargando...
    </p>
  );
}

function parseValidUntil(value: string | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
