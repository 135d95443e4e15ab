import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { FlaggedQuestionList } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { loadSignedIn } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchFlaggedQuestions, putFlag } from './api';
import { FLAG_SAVE_FAILED } from '../../components/question/use-flags';
import { useStartReview } from './use-start-review';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';

export const FLAGGED_TITLE = 'Preguntas marcadas';

/** /app/marcadas: the questions flagged with "Marcar para repasar", to review them together or unflag them. */
export async function loader({ request }: LoaderFunctionArgs): Promise<FlaggedQuestionList> {
  return loadSignedIn(request, (signal) => fetchFlaggedQuestions(signal));
}

export function Component() {
  useDocumentTitle(FLAGGED_TITLE);
  const loaded = useLoaderData() as FlaggedQuestionList;
  const { starting, start, expired } = useStartReview();
  const [items, setItems] = useState(loaded.items);

  async function unflag(questionId: string) {
    const before = items;
    setItems((current) => current.filter((item) => item.questionId !== questionId));
    try {
      await putFlag(questionId, false);
    } catch {
      setItems(before);
      toast.error(FLAG_SAVE_FAILED);
    }
  }

  return (
    <section aria-labelledby="flagged-heading" className="mx-auto max-w-2xl space-y-4">
      <div>
        <Link to="/app" className="font-semibold text-brand-800 hover:underline">
          Volver al inicio
        </Link>
        <h1 id="flagged-heading" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {FLAGGED_TITLE}
        </h1>
        <p className="mt-1 text-slate-700">
          {items.length === 0
            ? 'Aún no has marcado preguntas. Usa «Marcar para repasar» (o la tecla M) en cualquier pregunta para guardarla aquí.'
            : `${items.length} ${items.length === 1 ? 'pregunta marcada' : 'preguntas marcadas'}. Tus marcas se guardan entre sesiones y dispositivos.`}
        </p>
      </div>
      {items.length > 0 && (
        <button
          type="button"
          onClick={() => void start({ source: 'marcadas' })}
          disabled={starting}
          className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}
        >
          {starting ? 'Preparando...' : 'Repasar marcadas'}
        </button>
      )}
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.questionId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm font-semibold text-brand-800">
              {item.especialidad} · {item.subEspecialidad}
            </p>
            <p className="mt-1 line-clamp-3 text-slate-900">{item.question}</p>
            <div className="mt-2 flex justify-end">
              <button
                type="button"
                onClick={() => void unflag(item.questionId)}
                className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                Quitar marca<span className="sr-only">: {item.question.slice(0, 80)}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <MembershipExpiredModal open={expired} />
    </section>
  );
}
