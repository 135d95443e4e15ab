import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DiscountQuizQuestion } from '@galeno/domain/contracts/discount-quiz';
import { attemptsCounterText } from '@galeno/domain/discount-quiz-machine';
import { BACK } from './texts';

/**
 * The page's one h1, one per screen. When the screen changes it takes focus, so screen readers start
 * reading the new screen (the first screen leaves focus where the page put it).
 */
export function ScreenHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className="text-2xl font-extrabold leading-tight tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
    >
      {children}
    </h1>
  );
}

/** '{n}/3 intentos restantes' or 'Sin intentos'. */
export function AttemptsCounter({ attemptsRemaining }: { attemptsRemaining: number }) {
  const none = attemptsRemaining === 0;
  return (
    <p
      data-testid="attempts-counter"
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${none ? 'bg-slate-200 text-slate-800' : 'bg-amber-100 text-amber-950'}`}
    >
      {attemptsCounterText(attemptsRemaining)}
    </p>
  );
}

/** The question's speciality and topic, as a chip ('Ginecología y Obstetricia · Preeclampsia'). */
export function TagsHeader({ tags }: { tags: DiscountQuizQuestion['tags'] }) {
  const label = [tags.Especialidad, tags.Tema].filter((part) => part && part.trim()).join(' · ');
  if (!label) return null;
  return <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">{label}</p>;
}

/** 'Volver', a real link; `onNavigate` may take over (to save a declined discount first). */
export function BackLink({ to, onNavigate }: { to: string; onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-800 hover:bg-brand-50"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12.5 15 7.5 10l5-5" />
      </svg>
      {BACK}
    </Link>
  );
}

/** A white card that holds each screen. */
export function ScreenCard({ children }: { children: ReactNode }) {
  return <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</section>;
}
