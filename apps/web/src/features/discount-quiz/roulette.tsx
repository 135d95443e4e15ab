import { useEffect, useRef, useState } from 'react';
import { SPIN_STEP_MS, WHEEL_PRIZES } from '@galeno/domain/discount-quiz';
import { ROULETTE_STEPS, rouletteHighlight } from '@galeno/domain/discount-quiz-machine';
import { DISCOUNT_SUFFIX, SPINNING, WHEEL_LABEL, youWon } from './texts';

export type RoulettePhase = 'idle' | 'spinning' | 'landed';

interface RouletteProps {
  /** The server's prize: where the highlight stops. */
  prize: number;
  phase: RoulettePhase;
  /** Called once, SPIN_MS after the spin starts. */
  onLanded: () => void;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** People who ask for less motion skip the spin and see the prize at once. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * The prize wheel (spec section 4, "Roulette"): 10, 20, 30, 50 and 80%. While spinning the highlight
 * moves one segment every SPIN_STEP_MS for SPIN_MS (3 s), then stops on the server's prize. The result
 * goes to a polite live region that exists from the first render, so screen readers announce it; the
 * moving highlight itself is not announced.
 */
export function Roulette({ prize, phase, onLanded }: RouletteProps) {
  const [step, setStep] = useState(0);
  // The latest callback without restarting the spin when the parent renders again.
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  }, [onLanded]);

  useEffect(() => {
    if (phase !== 'spinning') return;
    let moves = 0;
    const timer = window.setInterval(() => {
      moves += 1;
      setStep(moves);
      if (moves >= ROULETTE_STEPS) {
        window.clearInterval(timer);
        onLandedRef.current();
      }
    }, SPIN_STEP_MS);
    return () => window.clearInterval(timer);
  }, [phase]);

  const highlighted = phase === 'idle' ? -1 : rouletteHighlight(phase === 'landed' ? ROULETTE_STEPS : step, prize);
  const landed = phase === 'landed';

  return (
    <div>
      <ol aria-label={WHEEL_LABEL} className="grid grid-cols-5 gap-1.5 sm:gap-3">
        {WHEEL_PRIZES.map((segment, index) => {
          const on = index === highlighted;
          return (
            <li
              key={segment}
              data-testid="roulette-segment"
              data-highlighted={on || undefined}
              aria-current={landed && on ? 'true' : undefined}
              className={`flex aspect-square flex-col items-center justify-center rounded-2xl border-2 text-center font-extrabold transition-transform duration-150 motion-reduce:transition-none ${
                on ? 'scale-105 border-amber-500 bg-amber-400 text-amber-950 shadow-lg' : 'border-amber-200 bg-amber-50 text-amber-900'
              }`}
            >
              <span className="text-lg sm:text-2xl">{segment}%</span>
              <span className="sr-only"> {DISCOUNT_SUFFIX}</span>
            </li>
          );
        })}
      </ol>
      <p
        role="status"
        aria-live="polite"
        data-testid="roulette-status"
        className="mt-4 min-h-8 text-center text-xl font-bold text-amber-950"
      >
        {landed ? youWon(prize) : phase === 'spinning' ? SPINNING : ''}
      </p>
    </div>
  );
}
