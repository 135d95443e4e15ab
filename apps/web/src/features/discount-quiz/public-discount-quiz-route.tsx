import type { ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark';
import { MainContent } from '../../components/ui/main-content';
import { useDocumentTitle } from '../../lib/document-title';
import { DiscountQuiz } from './discount-quiz';
import { BackLink } from './quiz-parts';
import { PendingWelcomeScreen } from './quiz-screens';
import { loadPublicQuizData } from './quiz-data';
import { DiscountQuizRouteError } from './route-error';
import { PAGE_TITLE } from './texts';

/**
 * Route module for /discount-quiz (public, full screen, no app shell): a random question, the visitor's
 * attempts and last discount from the server (kept in local storage too), and a prize claimed by e-mail.
 */

export function loader({ request }: LoaderFunctionArgs) {
  return loadPublicQuizData(request.signal);
}

export function Component() {
  useDocumentTitle(PAGE_TITLE);
  const data = useLoaderData<typeof loader>();
  return (
    <PublicFrame>
      {/* A reload brings new data: the machine starts over from it. */}
      <DiscountQuiz key={data.loadId} data={data} variant="public" />
    </PublicFrame>
  );
}

/**
 * While the loader reads the visitor's attempts: the welcome screen's frame, which is also what the server
 * pre-renders for this page (issue 21), so the first paint needs no script and nothing moves when the data arrives.
 * The attempts counter's place is kept empty: only the server knows how many are left.
 */
export function HydrateFallback() {
  useDocumentTitle(PAGE_TITLE);
  return (
    <PublicFrame>
      <div className="space-y-4">
        <div className="flex items-center justify-between gap-3">
          <BackLink to="/" />
          <span aria-hidden="true" className="inline-flex h-7 w-40 rounded-full bg-amber-100/60" />
        </div>
        <PendingWelcomeScreen />
      </div>
    </PublicFrame>
  );
}

export function ErrorBoundary() {
  return (
    <PublicFrame>
      <DiscountQuizRouteError backTo="/" />
    </PublicFrame>
  );
}

function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-amber-50 via-white to-brand-50">
      <MainContent className="mx-auto w-full max-w-xl flex-1 px-4 pb-12 pt-4 sm:px-6 sm:pt-8">
        <p className="mb-4 flex justify-center text-slate-900">
          <BrandMark className="text-lg" />
        </p>
        {children}
      </MainContent>
    </div>
  );
}
