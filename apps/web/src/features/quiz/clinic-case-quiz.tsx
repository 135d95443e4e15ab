import { useState, type ReactNode } from 'react';
import { paceBalanceSeconds, paceLabel, type TimeSpent } from '@galeno/domain/quiz-pace';
import { answeredCount, correctCount } from '@galeno/domain/quiz-round';
import type { CaseQuizState } from './use-case-quiz';
import { CaseReader } from './case-reader';
import { CaseRound } from './case-round';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { QuizLiveRegion, QuizLoadError, QuizLoading } from './quiz-status';
import { QuizResults } from '../../components/question/quiz-results';
import { QuizTimer } from './quiz-timer';
import { QuizToolbar } from './quiz-toolbar';
import type { ClinicCase, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { useCaseQuiz, type LoadClinicCase } from './use-case-quiz';
import { useFlags } from '../../components/question/use-flags';
import { SessionReviewPanel } from './session-review-panel';
import { RepeatNotice, type RepeatScope } from './repeat-notice';
import { TRIAL_SIGNUP_PATH } from '../../lib/trial-storage';

export interface ClinicCaseQuizProps {
  title: string;
  subtitle?: string;
  /** Where the cases come from: random, or of one speciality. Keep it stable (module function or useCallback). */
  loadCase: LoadClinicCase;
  /** The signed-in user, for saving the session. */
  userId: string;
  /** What the server records the session as. */
  kind: QuizSessionKind;
  /** The timed quiz: an HH:MM:SS clock per case that stops on grading. */
  timed?: boolean;
  /**
   * The timed quiz's limit per question (the ENARM's pace by default): the case's time counts down from its questions
   * at this pace and, at zero, the case is graded as it stands; the header says how the session stands against it.
   */
  secondsPerQuestion?: number;
  toolbarLinks?: ReactNode;
  /** The bank chip (an account's; a trial draws from our bank only). */
  bank?: ReactNode;
  /** Offered under a failed load (choose another speciality). */
  loadFailureActions?: ReactNode;
  /** An account keeps flags ("Marcar para repasar"); a trial does not. */
  canFlag?: boolean;
  /** A trial: nothing to save (its answers wait for the account created from its signup link). */
  trial?: boolean;
  /** What the notice names when the unseen cases run out, and where "Otra subespecialidad" leads. */
  repeatScope?: RepeatScope;
  /** The first case, already drawn by the page's loader (the quick quiz): the quiz opens on it. */
  firstCase?: ClinicCase | null | undefined;
}

/** Random cases (quick and timed quizzes) have no sub-speciality: "Otra subespecialidad" opens the picker. */
const ANY_CASE_SCOPE: RepeatScope = { label: '', chooseAnother: '/app/speciality-quiz' };

/**
 * A quiz session of clinical cases (spec section 4): the header, the case being answered, and at the
 * end the session's results. Quick, timed and speciality quizzes differ only in these props.
 */
export function ClinicCaseQuiz({
  title,
  subtitle,
  loadCase,
  userId,
  kind,
  timed = false,
  secondsPerQuestion,
  toolbarLinks,
  bank,
  loadFailureActions,
  canFlag = false,
  trial = false,
  repeatScope = ANY_CASE_SCOPE,
  firstCase,
}: ClinicCaseQuizProps) {
  const pace = timed ? secondsPerQuestion : undefined;
  const quiz = useCaseQuiz({ loadCase, userId, kind, secondsPerQuestion: pace, firstCase });
  const flags = useFlags(canFlag);
  const [readerOpen, setReaderOpen] = useState(false);
  const { state } = quiz;
  // The first repeat of the session is announced, once; "Repetir casos" (or moving on) puts the notice away.
  const [noticeRound, setNoticeRound] = useState<number | null>(null);
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const shown = state.status === 'answering' || state.status === 'graded' ? state : null;
  if (shown?.item.repeated && noticeRound === null) setNoticeRound(shown.round);

  if (state.status === 'saved') {
    return (
      <QuizResults evaluation={state.saved.quickQuizEvaluation}>
        {state.saved.quizSessionId && <SessionReviewPanel quizSessionId={state.saved.quizSessionId} />}
      </QuizResults>
    );
  }

  const onScreen = state.status === 'answering' || state.status === 'graded' ? state : null;

  return (
    <div>
      <QuizToolbar
        title={title}
        subtitle={subtitle}
        timer={
          timed && onScreen ? (
            <QuizTimer
              key={onScreen.round}
              running={onScreen.status === 'answering' && !onScreen.timeUp}
              questions={onScreen.item.questions.length}
              {...(pace ? { secondsPerQuestion: pace, onTimeUp: () => void quiz.timeUp() } : {})}
            />
          ) : undefined
        }
        status={pace ? <SessionPace spent={quiz.timeSpent} secondsPerQuestion={pace} /> : undefined}
        onReadCase={onScreen ? () => setReaderOpen(true) : undefined}
        links={toolbarLinks}
        bank={bank}
      />
      <QuizLiveRegion message={announcement(state)} />

      {state.status === 'loading' && <QuizLoading label="Cargando caso clínico" />}
      {state.status === 'load-failed' && (
        // Retrying a 404 (no cases for this choice) would only fail again.
        <QuizLoadError message={state.message} onRetry={state.httpStatus === 404 ? undefined : quiz.next}>
          {loadFailureActions}
        </QuizLoadError>
      )}
      {onScreen && onScreen.round === noticeRound && !noticeDismissed && (
        <RepeatNotice scope={repeatScope} onRepeat={() => setNoticeDismissed(true)} />
      )}
      {onScreen && (
        <>
          <CaseRound
            key={onScreen.round}
            clinicCase={onScreen.item}
            selections={onScreen.selections}
            evaluations={onScreen.status === 'graded' ? onScreen.evaluations : null}
            grading={onScreen.status === 'answering' && onScreen.grading}
            timeUp={onScreen.status === 'answering' ? onScreen.timeUp === true : onScreen.timedOut === true}
            saving={onScreen.status === 'graded' && onScreen.saving}
            focusOnMount={onScreen.round > 0}
            onSelect={quiz.select}
            onGrade={() => void quiz.grade()}
            onSave={() => void quiz.save()}
            saveHref={trial ? TRIAL_SIGNUP_PATH : undefined}
            onNext={quiz.next}
            flagFor={canFlag ? flags.controlFor : undefined}
          />
          <CaseReader
            open={readerOpen}
            onClose={() => setReaderOpen(false)}
            clinicCase={onScreen.item}
            started={answeredCount(onScreen.item, onScreen.selections) > 0}
          />
        </>
      )}

      <MembershipExpiredModal open={quiz.expired} />
    </div>
  );
}

/** The timed quiz's session against the pace: the questions answered at the pace against the time they took. */
function SessionPace({ spent, secondsPerQuestion }: { spent: TimeSpent; secondsPerQuestion: number }) {
  return (
    <p data-testid="quiz-session-pace" className="mt-1 text-xs font-medium leading-tight text-slate-700">
      <span className="text-slate-500">Sesión: </span>
      {paceLabel(paceBalanceSeconds(spent, secondsPerQuestion), secondsPerQuestion)}
    </p>
  );
}

function announcement(state: CaseQuizState): string {
  switch (state.status) {
    case 'loading':
      return 'Cargando caso clínico...';
    case 'answering': {
      const total = state.item.questions.length;
      if (state.timeUp) return state.grading ? 'Se acabó el tiempo del caso. Calificando las respuestas que elegiste...' : '';
      return state.grading ? 'Calificando...' : `Caso clínico listo: ${total} ${total === 1 ? 'pregunta' : 'preguntas'}.`;
    }
    case 'graded': {
      const graded = `Caso calificado: acertaste ${correctCount(state.evaluations)} de ${state.item.questions.length}.`;
      if (!state.timedOut) return graded;
      const unanswered = state.item.questions.length - answeredCount(state.item, state.selections);
      return `Se acabó el tiempo. ${graded}${unanswered > 0 ? ` Sin responder: ${unanswered}.` : ''}`;
    }
    default:
      return '';
  }
}
