import { useId, type RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { RestartIcon, TrophyIcon } from './flashcards-icons';
import { comebackToday, countOf } from './texts';

/**
 * The congratulation screen once every card has left the queue, offering to restart. Restarting stops
 * saving (spec section 4), and the person is told so before choosing it.
 */
export function SessionFinished({
  headingRef,
  cardsCount,
  passes,
  saved,
  restartLabel,
  onRestart,
  nextDue = [],
  now = new Date(),
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  cardsCount: number;
  passes: number;
  /** Whether this session's evaluations were saved (false after a restart). */
  saved: boolean;
  restartLabel: string;
  onRestart: () => void;
  /** When each saved card of the session is due again (ISO). */
  nextDue?: readonly string[];
  now?: Date;
}) {
  const titleId = useId();
  // Cards still being learned come back in minutes: «Terminaste por hoy» would send the student away (issue 35, N9).
  const comeback = saved ? comebackToday(nextDue, now) : null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-brand-200 bg-linear-to-b from-brand-50 to-white p-6 text-center shadow-sm sm:p-10"
    >
      <TrophyIcon className="mx-auto size-14 text-brand-700" />
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {comeback ?? '¡Felicidades! Terminaste por hoy'}
      </h2>
      <p className="mx-auto mt-3 max-w-prose text-slate-700">
        {cardsCount === 1 ? 'Repasaste la tarjeta' : `Repasaste las ${countOf(cardsCount, 'tarjeta', 'tarjetas')}`} en{' '}
        {countOf(passes, 'vuelta', 'vueltas')}.{' '}
        {saved ? 'Tu avance quedó guardado y cada tarjeta volverá cuando toque repasarla.' : 'Esta práctica no se guardó.'}
      </p>
      {/* Studying another guide is the way on; restarting is practice that is not saved, so it comes second. */}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/app/flashcards" className={buttonClassName('primary')}>
          Estudiar otra guía
        </Link>
        <button type="button" onClick={onRestart} className={buttonClassName('secondary')}>
          <RestartIcon />
          {restartLabel}
        </button>
      </div>
      <p className="mx-auto mt-4 max-w-prose text-sm text-slate-600">
        Si reinicias, puedes practicar de nuevo, pero tus respuestas ya no se guardarán.
      </p>
    </section>
  );
}
