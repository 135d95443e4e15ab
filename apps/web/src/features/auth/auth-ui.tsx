import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';

/** Pieces shared by the login and signup screens. */

/**
 * What to tell the person when an auth call fails. A 4xx is the server's verdict on what they sent (a
 * wrong code, an unregistered e-mail) and its Spanish message says so. A network failure or a 5xx says
 * nothing about their input: the screen's own text from the spec's error catalogue says what failed
 * ('Error al enviar el código...'). Without such a text the client's own message stays.
 */
export function messageOf(error: unknown, fallback?: string): string {
  if (!(error instanceof ApiError)) return fallback ?? UNEXPECTED_ERROR_MESSAGE;
  const verdictOnInput = error.status >= 400 && error.status < 500;
  return verdictOnInput || fallback === undefined ? error.message : fallback;
}

export function AuthCard({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {children}
    </section>
  );
}

/**
 * The stage's title. When the flow moves to a new stage the title takes focus, so screen readers
 * announce where the person is now instead of staying on a button that no longer exists.
 */
export function StageHeading({ id, focusOnMount, children }: { id: string; focusOnMount: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
      {children}
    </h1>
  );
}

export function BackArrowButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ml-2 mb-3 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
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
        <path d="M16 10H4M9 5l-5 5 5 5" />
      </svg>
      <span className="sr-only">{label}</span>
    </button>
  );
}

export const linkClassName = 'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700';
