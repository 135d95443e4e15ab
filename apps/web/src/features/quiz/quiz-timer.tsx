import { formatElapsed } from '@galeno/domain/scores';
import { timeLeft } from '@galeno/domain/exams';
import { useStopwatch } from '../../components/ui/timer';
import { ClockIcon } from './quiz-icons';

/** m:ss, for the time left or over the limit. */
function minutes(seconds: number): string {
  const whole = Math.abs(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The timed quiz's HH:MM:SS clock. It starts when it mounts (give it a new key per case) and freezes
 * when `running` turns false (the case was graded). role="timer" is not announced on every tick. With a limit
 * (the pace times the case's questions) it also says the time left, or how far over the pace the case went.
 */
export function QuizTimer({
  running,
  questions,
  secondsPerQuestion,
}: {
  running: boolean;
  questions?: number;
  secondsPerQuestion?: number;
}) {
  const seconds = useStopwatch(running);
  const left = questions && secondsPerQuestion ? timeLeft(seconds, questions, secondsPerQuestion) : null;
  const over = left !== null && left < 0;
  return (
    <div className="flex flex-col items-end">
      <p
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-mono text-base font-semibold tabular-nums ${
          over ? 'bg-amber-100 text-amber-950' : running ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'
        }`}
      >
        <ClockIcon />
        <span className="sr-only">Tiempo transcurrido{running ? '' : ' (detenido)'}: </span>
        <span role="timer" data-testid="quiz-timer">
          {formatElapsed(seconds)}
        </span>
      </p>
      {left !== null && (
        <p data-testid="quiz-pace" className={`text-xs font-semibold ${over ? 'text-amber-800' : 'text-slate-600'}`}>
          {over ? `${minutes(left)} sobre el ritmo` : `Quedan ${minutes(left)}`}
        </p>
      )}
    </div>
  );
}
