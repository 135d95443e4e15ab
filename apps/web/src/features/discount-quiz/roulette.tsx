import { useEffect, useRef, useState } from 'react';
import { SPIN_STEP_MS, WHEEL_PRIZES } from '@galeno/domain/discount-quiz';
import { ROULETTE_STEPS, rouletteHighlight } from '@galeno/domain/discount-quiz-machine';
import { SPINNING, WHEEL_DESCRIPTION, youWon } from './texts';

export type RoulettePhase = 'idle' | 'spinning' | 'landed';

interface RouletteProps {
  /** The server's prize: where the wheel stops. */
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

/** Degrees per segment: 72 for the five prizes. */
const SEGMENT_DEGREES = 360 / WHEEL_PRIZES.length;
const HALF_SEGMENT = SEGMENT_DEGREES / 2;
/** The last half segment, from the border into the prize's centre, eases to a stop (starting at the spin's speed). */
const LANDING_MS = 2 * SPIN_STEP_MS;
const LANDING_EASE = 'cubic-bezier(0.25, 1, 0.5, 1)';

/**
 * The wheel turns clockwise under a fixed pointer at the top. Segment i is drawn i segments counter-clockwise
 * from the top, so turning the wheel one segment clockwise brings the next prize under the pointer: the
 * highlight's walk (10 → 20 → 30 → 50 → 80 → 10 …) is the wheel's own turn, and a rotation of i segments
 * (plus whole turns) shows segment i under the pointer.
 */
function segmentCentre(index: number): number {
  return -index * SEGMENT_DEGREES;
}

/**
 * The wheel's rotation in degrees (the transition's end point), only ever growing during one spin. At rest the
 * pointer sits on the border before the segment the spin starts on: nothing is chosen yet. During step s the
 * wheel turns one segment, from the border before the highlighted segment to the border after it, so the
 * highlighted segment is the one passing under the pointer. When the highlight lands (3 s), the wheel eases
 * into the prize's centre: ROULETTE_STEPS segments (3 whole turns) after it started.
 */
export function wheelRotation(phase: RoulettePhase, step: number, prize: number): number {
  const start = rouletteHighlight(0, prize);
  if (phase === 'idle') return start * SEGMENT_DEGREES - HALF_SEGMENT;
  if (phase === 'landed' || step >= ROULETTE_STEPS) return (start + ROULETTE_STEPS) * SEGMENT_DEGREES;
  return (start + step) * SEGMENT_DEGREES + HALF_SEGMENT;
}

/**
 * The prize wheel (spec section 4, "Roulette"): 10, 20, 30, 50 and 80%. While spinning the highlight
 * moves one segment every SPIN_STEP_MS for SPIN_MS (3 s), the wheel turning with it, then stops on the
 * server's prize. The wheel is decorative for screen readers: a visually hidden line lists the prizes, and
 * the result goes to a polite live region that exists from the first render, so screen readers announce it.
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

  const landed = phase === 'landed';
  const highlighted = phase === 'idle' ? -1 : rouletteHighlight(landed ? ROULETTE_STEPS : step, prize);
  // Only a wheel that is spinning (or has just spun) animates: with reduced motion it goes straight to the prize.
  const animate = phase === 'spinning' || (landed && step > 0);
  const landing = step >= ROULETTE_STEPS;

  return (
    <div>
      <p className="sr-only">{WHEEL_DESCRIPTION}</p>
      <div aria-hidden="true" data-testid="roulette-wheel" className="relative mx-auto aspect-square w-full max-w-[280px]">
        <div
          data-testid="roulette-disc"
          className={`size-full ${animate ? 'transition-transform motion-reduce:transition-none' : ''}`}
          style={{
            transform: `rotate(${wheelRotation(phase, step, prize)}deg)`,
            // Steady while it spins, then easing into the prize.
            transitionDuration: animate ? `${landing ? LANDING_MS : SPIN_STEP_MS}ms` : undefined,
            transitionTimingFunction: animate ? (landing ? LANDING_EASE : 'linear') : undefined,
          }}
        >
          <WheelFace highlighted={highlighted} />
        </div>
        <Pointer />
      </div>
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

const CENTRE = 100;
const RADIUS = 96;
const LABEL_RADIUS = 64;
/** One light fill per segment (five, so no two neighbours match); the highlighted one turns amber-400. */
const FILLS = ['fill-amber-50', 'fill-brand-100', 'fill-amber-200', 'fill-brand-50', 'fill-amber-100'] as const;

function pointAt(degrees: number, radius: number): string {
  const radians = (degrees * Math.PI) / 180;
  const x = CENTRE + radius * Math.sin(radians);
  const y = CENTRE - radius * Math.cos(radians);
  return `${x.toFixed(3)} ${y.toFixed(3)}`;
}

function wedge(index: number): string {
  const centre = segmentCentre(index);
  const from = pointAt(centre - SEGMENT_DEGREES / 2, RADIUS);
  const to = pointAt(centre + SEGMENT_DEGREES / 2, RADIUS);
  return `M ${CENTRE} ${CENTRE} L ${from} A ${RADIUS} ${RADIUS} 0 0 1 ${to} Z`;
}

function WheelFace({ highlighted }: { highlighted: number }) {
  return (
    <svg viewBox="0 0 200 200" className="size-full drop-shadow-md" focusable="false">
      <circle cx={CENTRE} cy={CENTRE} r={RADIUS + 2} className="fill-amber-500" />
      {WHEEL_PRIZES.map((segment, index) => {
        const on = index === highlighted;
        return (
          <g key={segment} data-testid="roulette-segment" data-highlighted={on || undefined}>
            <path
              d={wedge(index)}
              className={`${on ? 'fill-amber-400' : FILLS[index % FILLS.length]} stroke-white`}
              strokeWidth={on ? 3 : 1.5}
              strokeLinejoin="round"
            />
            {/* Upright when its segment is under the pointer. */}
            <text
              x={CENTRE}
              y={CENTRE - LABEL_RADIUS}
              transform={`rotate(${segmentCentre(index)} ${CENTRE} ${CENTRE})`}
              textAnchor="middle"
              dominantBaseline="central"
              className={`text-[22px] font-extrabold ${on ? 'fill-amber-950' : 'fill-slate-900'}`}
            >
              {segment}%
            </text>
          </g>
        );
      })}
      <circle cx={CENTRE} cy={CENTRE} r="15" className="fill-white stroke-amber-500" strokeWidth="4" />
    </svg>
  );
}

/** The fixed pointer at the top, over the rim, pointing down at the prize. */
function Pointer() {
  return (
    <svg viewBox="0 0 32 36" className="absolute -top-2 left-1/2 h-9 w-8 -translate-x-1/2 drop-shadow" focusable="false">
      <path d="M3 3 H29 L16 33 Z" className="fill-slate-900 stroke-white" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}
