import { useEffect, useState } from 'react';
import { LOADING_DOTS_MS } from '@galeno/domain/timings';

const MAX_DOTS = 3;

/** 0, 1, 2, 3, 0, 1... one step every LOADING_DOTS_MS. */
export function useLoadingDots(): number {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setDots((current) => (current + 1) % (MAX_DOTS + 1)), LOADING_DOTS_MS);
    return () => window.clearInterval(id);
  }, []);
  return dots;
}

/**
 * Full-screen 'Cargando...' shown while the app starts or checks the session. Screen readers hear one
 * steady 'Cargando...'; only the visible copy animates, so they are not re-announced every half second.
 */
export function LoadingScreen() {
  const dots = useLoadingDots();
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 grid place-items-center bg-white">
      <span className="sr-only">Cargando...</span>
      <div aria-hidden="true" className="flex flex-col items-center gap-4">
        <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
        <p data-testid="loading-text" className="text-lg font-medium text-slate-700">
          {/* Equal slots on both sides keep the word centred while the dots change. */}
          <span className="inline-block w-[3ch]" />
          Cargando<span className="inline-block w-[3ch] text-left">{'.'.repeat(dots)}</span>
        </p>
      </div>
    </div>
  );
}
