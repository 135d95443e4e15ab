import { useState, type ReactNode } from 'react';
import { buttonClassName } from '../../components/ui/button-styles';
import { prefersReducedMotion, Roulette } from './roulette';
import { ScreenCard, ScreenHeading } from './quiz-parts';
import { RESULT_TITLE, ROULETTE_TEXT, ROULETTE_TITLE, SPIN, SPINNING } from './texts';

interface PrizeScreenProps {
  /** 'roulette' before and during the spin, 'result' once it lands. */
  showing: 'roulette' | 'result';
  prize: number;
  focusHeading: boolean;
  onLanded: () => void;
  /** The prize's conditions in one line, shown with the result: how often, on which plans, on whose account. */
  conditions: string;
  /** What the variant offers with the result: claim it (public) or use or decline it (signed in). */
  resultContent: ReactNode;
}

/**
 * The roulette and result screens. They share one wheel, kept mounted from the first to the second, so
 * its live region (which announces the prize) is already known to screen readers when the prize lands.
 */
export function PrizeScreen({ showing, prize, focusHeading, onLanded, conditions, resultContent }: PrizeScreenProps) {
  const [spinning, setSpinning] = useState(false);
  const spin = () => {
    if (prefersReducedMotion()) onLanded();
    else setSpinning(true);
  };
  const phase = showing === 'result' ? 'landed' : spinning ? 'spinning' : 'idle';

  return (
    <ScreenCard>
      <ScreenHeading key={showing} focus={focusHeading}>
        {showing === 'result' ? RESULT_TITLE : ROULETTE_TITLE}
      </ScreenHeading>
      {showing === 'roulette' && <p className="mt-2 text-slate-700">{ROULETTE_TEXT}</p>}
      <div className="mt-6">
        <Roulette prize={prize} phase={phase} onLanded={onLanded} />
      </div>
      {showing === 'result' && (
        <p data-testid="prize-conditions" className="mt-1 text-center text-sm text-slate-600">
          {conditions}
        </p>
      )}
      {showing === 'roulette' ? (
        <button type="button" onClick={spin} disabled={spinning} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
          {spinning ? SPINNING : SPIN}
        </button>
      ) : (
        <div className="mt-4">{resultContent}</div>
      )}
    </ScreenCard>
  );
}
