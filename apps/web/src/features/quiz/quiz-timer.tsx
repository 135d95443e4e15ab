import { formatElapsed } from '@galeno/domain/scores';
import { useStopwatch } from '../../components/ui/timer';
import { ClockIcon } from './quiz-icons';

/**
 * The timed quiz's HH:MM:SS clock. It starts when it mounts (give it a new key per case) and freezes
 * when `running` turns false (the case was graded). role="timer" is not announced on every tick.
 */
export function QuizTimer({ running }: { running: boolean }) {
  const seconds = useStopwatch(running);
  return (
    <p
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-mono text-base font-semibold tabular-nums ${
        running ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      <ClockIcon />
      <span className="sr-only">Tiempo transcurrido{running ? '' : ' (detenido)'}: </span>
      <span role="timer" data-testid="quiz-timer">
        {formatElapsed(seconds)}
      </span>
    </p>
  );
}
