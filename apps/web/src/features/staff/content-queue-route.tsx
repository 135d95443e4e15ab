import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { HeldItem, HeldItemsResponse } from '@galeno/domain/contracts/content-review';
import { optionLetter } from '@galeno/domain/scores';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { sessionStore, type SessionStore } from '../../lib/session';
import { createStaffLoader, StaffQueuePage, type StaffLoaderData } from './staff-queue';
import { fetchHeldItems, resolveHeldItem } from './api';

/**
 * /metrics/revision: imported questions held for review (decision 013). A reviewer reads the key against the
 * explanation and publishes the item or retires it; the server checks STAFF_EMAILS on every call.
 */

export const PAGE_TITLE = 'Preguntas en revisión';

type LoaderData = StaffLoaderData<HeldItemsResponse>;

export function createContentReviewLoader(store: Pick<SessionStore, 'ready'> = sessionStore) {
  return createStaffLoader(fetchHeldItems, store);
}

export const loader = createContentReviewLoader();

export function Component() {
  useDocumentTitle(PAGE_TITLE);
  const data = useLoaderData() as LoaderData;
  return (
    <StaffQueuePage title={PAGE_TITLE} data={data}>
      {(loaded) => <Queue held={loaded} />}
    </StaffQueuePage>
  );
}

function Queue({ held }: { held: HeldItemsResponse }) {
  const [resolved, setResolved] = useState<Record<string, 'published' | 'retired'>>({});
  const pending = held.total - Object.keys(resolved).length;
  return (
    <>
      <p className="text-slate-700">
        {pending === 0
          ? 'No hay preguntas en revisión.'
          : `${pending} ${pending === 1 ? 'pregunta espera' : 'preguntas esperan'} revisión. Ninguna se sirve ni se califica hasta que alguien la publique.`}
      </p>
      <ol className="space-y-6">
        {held.items.map((item) => (
          <li key={item.id}>
            <HeldCard
              item={item}
              resolution={resolved[item.id]}
              onResolved={(status) => setResolved((current) => ({ ...current, [item.id]: status }))}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function HeldCard({
  item,
  resolution,
  onResolved,
}: {
  item: HeldItem;
  resolution: 'published' | 'retired' | undefined;
  onResolved: (status: 'published' | 'retired') => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `held-${item.id}`;
  const act = (action: 'publish' | 'retire') => {
    setBusy(true);
    setError(null);
    resolveHeldItem(item.id, action)
      .then((result) => onResolved(result.status))
      .catch((caught: unknown) => setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE))
      .finally(() => setBusy(false));
  };
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-base font-bold text-slate-900">
        {item.speciality} · {item.subSpeciality}{' '}
        <span className="font-normal text-slate-600">
          ({item.bank}, {item.id})
        </span>
      </h2>
      {item.holdReason && <p className="mt-1 text-sm font-semibold text-amber-800">{item.holdReason}</p>}
      {item.caseText && <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{item.caseText}</p>}
      {item.questions.map((question) => (
        <div key={question.id} className="mt-4">
          <p className="font-semibold text-slate-900">{question.question}</p>
          <ol className="mt-2 space-y-1">
            {question.options.map((option, index) => (
              <li
                key={index}
                className={
                  index === question.correctIndex
                    ? 'rounded-lg bg-emerald-50 px-2 py-1 font-semibold text-emerald-900'
                    : 'px-2 py-1 text-slate-800'
                }
              >
                {optionLetter(index)}. {option}
                {index === question.correctIndex && ' — clave'}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{question.explanation}</p>
        </div>
      ))}
      {item.source && <p className="mt-3 text-xs text-slate-500">Fuente: {item.source}</p>}
      {resolution ? (
        <p role="status" className="mt-4 font-semibold text-slate-900">
          {resolution === 'published' ? 'Publicada: ya se sirve y se califica.' : 'Retirada: no se volverá a servir.'}
        </p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={buttonClassName('primary')} disabled={busy} onClick={() => act('publish')}>
            Publicar (la clave es correcta)
          </button>
          <button type="button" className={buttonClassName('secondary')} disabled={busy} onClick={() => act('retire')}>
            Retirar
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-rose-800">
          {error}
        </p>
      )}
    </article>
  );
}
