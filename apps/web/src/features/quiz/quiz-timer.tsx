import { useEffect, useEffectEvent } from 'react';
import { formatElapsed } from '@galeno/domain/scores';
import { timeLeft } from '@galeno/domain/exams';
import { caseLimitSeconds, formatCountdown, isTimeLow } from '@galeno/domain/quiz-pace';
import { useStopwatch } from '../../components/ui/timer';
import { ClockIcon } from './quiz-icons';

/** Said once, politely, when a fifth of the time is left: the timed quiz grades at zero, an exam does not. */
export const LOW_TIME_MESSAGE = 'Queda poco tiempo: al llegar a cero se califican las respuestas que elegiste.';
const LOW_TIME_MESSAGE_NO_GRADING = 'Queda poco tiempo para esta pregunta.';

/**
 * The quiz clock, one of it (issue 35, N12). With a limit (the pace times the case's questions) it is a large
 * countdown of the time left: it warns once, politely, when a fifth is left, and at zero either calls `onTimeUp`
 * (the timed quiz grades the case: «Tiempo agotado») or, without it, counts how far over the pace the question went
 * («+0:03 sobre el ritmo»). Without a limit it counts the time up (HH:MM:SS). It starts when it mounts (give it a new
 * key per case) and freezes when `running` turns false (the case was graded). role="timer" is not announced on
 * every tick.
 */
export function QuizTimer({
  running,
  questions,
  secondsPerQuestion,
  onTimeUp,
}: {
  running: boolean;
  questions?: number;
  secondsPerQuestion?: number;
  onTimeUp?: () => void;
}) {
  const seconds = useStopwatch(running);
  const limit = questions && secondsPerQuestion ? caseLimitSeconds(questions, secondsPerQuestion) : null;
  const left = questions && secondsPerQuestion ? timeLeft(seconds, questions, secondsPerQuestion) : null;
  const ranOut = left !== null && left <= 0;
  const over = ranOut && !onTimeUp && left < 0;
  const low = running && left !== null && limit !== null && isTimeLow(left, limit);

  const timeUp = useEffectEvent(() => onTimeUp?.());
  useEffect(() => {
    if (running && ranOut) timeUp();
  }, [running, ranOut]);

  const stopped = running ? '' : ' (detenido)';
  return (
    <div className="flex shrink-0 flex-col items-end">
      <p
        className={`inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-3 font-mono text-xl font-bold tabular-nums ${
          over || low || (ranOut && onTimeUp)
            ? 'bg-amber-100 text-amber-950'
            : running
              ? 'bg-brand-100 text-brand-900'
              : 'bg-slate-200 text-slate-800'
        }`}
      >
        <ClockIcon />
        {left === null ? (
          <>
            <span className="sr-only">Tiempo transcurrido{stopped}: </span>
            <span role="timer" data-testid="quiz-timer">
              {formatElapsed(seconds)}
            </span>
          </>
        ) : ranOut && onTimeUp ? (
          <span data-testid="quiz-timer" className="font-sans text-base">
            Tiempo agotado
          </span>
        ) : (
          <>
            <span className="sr-only">
              {over ? 'Tiempo sobre el ritmo' : 'Tiempo restante'}
              {stopped}:{' '}
            </span>
            <span role="timer" data-testid="quiz-timer">
              {over ? `+${formatCountdown(left)}` : formatCountdown(left)}
            </span>
          </>
        )}
      </p>
      {over && (
        <p aria-hidden="true" className="whitespace-nowrap text-xs font-semibold text-amber-800">
          sobre el ritmo
        </p>
      )}
      {left !== null && (
        // Mounted with the clock, filled once: a screen reader hears the warning without it repeating every second.
        <p role="status" aria-live="polite" data-testid="quiz-time-warning" className="sr-only">
          {low ? (onTimeUp ? LOW_TIME_MESSAGE : LOW_TIME_MESSAGE_NO_GRADING) : ''}
        </p>
      )}
    </div>
  );
}
