import { useEffect, useState } from 'react';
import { BANK_CHANGE_LABELS, BANK_CHANGES_TITLE } from '@galeno/domain/bank-changes';
import type { BankChanges } from '@galeno/domain/contracts/content-review';
import { formatDate } from '@galeno/domain/format';
import { PublicPageHeader } from '../../components/layout/public-page-header';
import { buttonClassName } from '../../components/ui/button-styles';
import { MainContent } from '../../components/ui/main-content';
import { toApiFailure } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchBankChanges } from './api';

const LOAD_FAILED = 'No pudimos cargar las novedades. Revisa tu conexión e intenta nuevamente.';

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; changes: BankChanges };

/**
 * /novedades, «Novedades del banco» (issue 39): what changed in the bank, newest first, each with its date, where in
 * the bank it is and a one-line reason; built by the server from the content's history and the staff's report queue.
 * Public: anyone deciding whether to trust the bank can read it. Keys are never shown here.
 */
export function Component() {
  useDocumentTitle(BANK_CHANGES_TITLE);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchBankChanges(controller.signal).then(
      (changes) => setState({ kind: 'loaded', changes }),
      (error: unknown) => {
        const failure = toApiFailure(error, LOAD_FAILED);
        if (failure.kind !== 'aborted') setState({ kind: 'failed', message: failure.kind === 'message' ? failure.message : LOAD_FAILED });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicPageHeader />
      <MainContent className="flex-1">
        <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
          <h1 className="text-3xl font-bold text-slate-900">{BANK_CHANGES_TITLE}</h1>
          <p className="mt-3 text-slate-700">
            Cada pregunta y flashcard sigue una guía con su versión. Cuando corregimos una respuesta o una explicación, cuando una guía
            cambia de versión o cuando retiramos una pregunta, queda aquí con su fecha y el motivo. Si respondiste una pregunta que cambió,
            también te lo decimos en tu inicio.
          </p>
          {state.kind === 'loading' && (
            <p role="status" className="mt-8 text-slate-600">
              Cargando novedades...
            </p>
          )}
          {state.kind === 'failed' && (
            <div role="alert" className="mt-8 rounded-2xl bg-rose-50 p-4 text-rose-950">
              <p>{state.message}</p>
              <button type="button" onClick={() => setAttempt((count) => count + 1)} className={buttonClassName('primary', 'md', 'mt-3')}>
                Reintentar
              </button>
            </div>
          )}
          {state.kind === 'loaded' &&
            (state.changes.items.length === 0 ? (
              <p className="mt-8 rounded-2xl bg-slate-50 p-4 text-slate-700">
                Todavía no hay cambios que contar. Cuando corrijamos o retiremos una pregunta, lo verás aquí.
              </p>
            ) : (
              <ol className="mt-8 space-y-3">
                {state.changes.items.map((change) => (
                  <li
                    key={`${change.itemKind}-${change.itemId}-${change.at}-${change.kind}`}
                    className="rounded-2xl border border-slate-200 p-4"
                  >
                    <p className="text-sm text-slate-600">
                      <time dateTime={change.at}>{formatDate(new Date(change.at))}</time> ·{' '}
                      {change.itemKind === 'question' ? 'Pregunta' : 'Flashcard'}
                      {change.where && ` · ${change.where}`}
                    </p>
                    <p className="mt-1 font-semibold text-slate-900">{BANK_CHANGE_LABELS[change.kind]}</p>
                    {change.reason !== BANK_CHANGE_LABELS[change.kind] && <p className="text-slate-700">{change.reason}</p>}
                  </li>
                ))}
              </ol>
            ))}
        </article>
      </MainContent>
    </div>
  );
}
