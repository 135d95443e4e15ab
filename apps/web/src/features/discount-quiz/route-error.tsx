import { Link, useRevalidator, useRouteError } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { ScreenCard } from './quiz-parts';
import { BACK, LOAD_FAILED_TITLE, RETRY, RETRYING } from './texts';

const GENERIC_MESSAGE = 'Ocurrió un error inesperado. Revisa tu conexión e intenta nuevamente.';

/** What the quiz shows when its data cannot load (or the page fails): the server's message, a retry and a way back. */
export function DiscountQuizRouteError({ backTo }: { backTo: string }) {
  useDocumentTitle(LOAD_FAILED_TITLE);
  const error = useRouteError();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <ScreenCard>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{LOAD_FAILED_TITLE}</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {error instanceof ApiError ? error.message : GENERIC_MESSAGE}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={retrying}
          className={buttonClassName('primary', 'lg')}
        >
          {retrying ? RETRYING : RETRY}
        </button>
        <Link to={backTo} className={buttonClassName('secondary', 'lg')}>
          {BACK}
        </Link>
      </div>
    </ScreenCard>
  );
}
