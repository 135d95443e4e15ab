import type { ReactNode } from 'react';
import { buttonClassName } from '../../components/ui/button-styles';
import { useLoadingDots } from '../../components/ui/loading-screen';
import { AlertIcon } from './quiz-icons';

/**
 * The page's one polite live region: it stays mounted so screen readers hear each change of the quiz
 * (a case is loading, a case is ready, the grade) without focus having to move there.
 */
export function QuizLiveRegion({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="quiz-live-region" className="sr-only">
      {message}
    </div>
  );
}

/** The brief loading state between cases; the live region announces it, so this is visual only. */
export function QuizLoading({ label }: { label: string }) {
  const dots = useLoadingDots();
  return (
    <div
      aria-hidden="true"
      data-testid="quiz-loading"
      className="grid min-h-64 place-items-center rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
    >
      <div className="flex flex-col items-center gap-4">
        <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
        <p className="text-lg font-medium text-slate-700">
          {label}
          <span className="inline-block w-[3ch] text-left">{'.'.repeat(dots)}</span>
        </p>
      </div>
    </div>
  );
}

/** A case or question that could not be loaded: the reason, and what the person can do next. */
export function QuizLoadError({ message, onRetry, children }: { message: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <AlertIcon className="mx-auto size-10 text-amber-600" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {onRetry && (
          <button type="button" onClick={onRetry} className={buttonClassName('primary')}>
            Reintentar
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
