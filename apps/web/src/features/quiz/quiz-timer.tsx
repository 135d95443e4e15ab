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
 * The timed quiz's HH:MM:SS clock. It starts when it mounts (give it a new key per case) and freezes
 * when `running` turns false (the case was graded). role="timer" is not announced on every tick. With a limit
 * (the pace times the case's questions) it also counts the time left down, warns once when a fifth of it is left,
 * and at zero either calls `onTimeUp` (the timed quiz grades the case) or, without it, says how far over the
 * pace the question went.
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

  return (
    <div className="flex flex-col items-end">
      <p
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-mono text-base font-semibold tabular-nums ${
          over || low ? 'bg-amber-100 text-amber-950' : running ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'
        }`}
      >
        <ClockIcon />
        <span className="sr-only">Tiempo transcurrido{running ? '' : ' (detenido)'}: </span>
        <span role="timer" data-testid="quiz-timer">
          {formatElapsed(seconds)}
        </span>
      </p>
      {left !== null && (
        <p
          data-testid="quiz-pace"
          className={`whitespace-nowrap text-xs font-semibold ${over || low || (ranOut && onTimeUp) ? 'text-amber-800' : 'text-slate-600'}`}
        >
          {ranOut ? (onTimeUp ? 'Tiempo agotado' : `${formatCountdown(left)} sobre el ritmo`) : `Quedan ${formatCountdown(left)}`}
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
