import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { sessionStore, useSession } from '../../lib/session';
import { DiscountQuiz } from './discount-quiz';
import { loadAppQuizData } from './quiz-data';
import { DiscountQuizRouteError } from './route-error';
import { PAGE_TITLE } from './texts';

/**
 * Route module for /app/discount-quiz, inside the signed-in app (its layout provides <main>). The loader
 * refreshes the token, then reads the account's attempts and last discount. Trial sessions get the trial
 * variant: no speciality/topic header, and the trial-period route when attempts run out.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadAppQuizData(sessionStore, request);
}

export function Component() {
  useDocumentTitle(PAGE_TITLE);
  const data = useLoaderData<typeof loader>();
  const { isTrial } = useSession();
  return (
    <div className="mx-auto w-full max-w-xl">
      {/* A reload brings new data: the machine starts over from it. */}
      <DiscountQuiz key={data.loadId} data={data} variant={isTrial ? 'trial' : 'member'} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <DiscountQuizRouteError backTo="/app" />
    </div>
  );
}
