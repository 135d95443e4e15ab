import type { ReactNode } from 'react';
import { CardsIcon } from './flashcards-icons';

/** Nothing to study here: the spec's sentence, and optionally where to go instead. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <CardsIcon className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-800">{message}</p>
      {children && <div className="mt-5 flex justify-center">{children}</div>}
    </div>
  );
}
