import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { SessionReview } from '@galeno/domain/contracts/quiz';
import { SessionReviewList } from '../../components/question/session-review';
import { buttonClassName } from '../../components/ui/button-styles';
import { loadSignedIn } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchSessionReview } from './api';
import { RetryMissedButton } from './session-review-panel';

export const PAST_SESSION_TITLE = 'Repaso de la sesión';

/** /app/sesion/:quizSessionId: a saved session reopened from the statistics page. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<SessionReview> {
  return loadSignedIn(request, (signal) => fetchSessionReview(params.quizSessionId ?? '', signal));
}

export function Component() {
  useDocumentTitle(PAST_SESSION_TITLE);
  const review = useLoaderData() as SessionReview;
  const missed = review.items.filter((item) => !item.correct).length;
  return (
    <section aria-labelledby="past-session-heading" className="mx-auto max-w-2xl">
      <h1 id="past-session-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {PAST_SESSION_TITLE}
      </h1>
      <p className="mt-1 text-slate-600">
        {review.items.length - missed} de {review.items.length} {review.items.length === 1 ? 'pregunta correcta' : 'preguntas correctas'}.
      </p>
      <div className="mt-4">
        <SessionReviewList items={review.items} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <RetryMissedButton quizSessionId={review.quizSessionId} missed={missed} />
        <Link to="/app/estadisticas" className={buttonClassName('secondary', 'lg', 'sm:flex-1')}>
          Volver a estadísticas
        </Link>
      </div>
    </section>
  );
}
