import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchClinicGuides, fetchReviewToday } from './api';
import { EmptyState } from './empty-state';
import { FlashcardsRouteError } from './route-error';
import { loadSignedIn } from '../../lib/api-failure';
import { StudySession } from './study-session';
import { countOf, NO_CARDS_DUE_TODAY, REVIEW_OF_THE_DAY } from './texts';

/** Route module for /app/flashcards/repaso: the cards due today across every guide, in one session. */

export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(request, async (signal) => {
    const [review, guides] = await Promise.all([
      fetchReviewToday(signal),
      // Only labels each card with its guide: the review works without them.
      fetchClinicGuides(signal).catch(() => []),
    ]);
    return { ...review, guideNames: Object.fromEntries(guides.map((guide) => [guide.id, guide.guideName])) };
  });
}

export function Component() {
  useDocumentTitle(REVIEW_OF_THE_DAY);
  const { cards, totalDue, guideNames } = useLoaderData<typeof loader>();

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{REVIEW_OF_THE_DAY}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          {totalDue > cards.length
            ? `Tienes ${countOf(totalDue, 'tarjeta pendiente', 'tarjetas pendientes')}; aquí están las ${cards.length} más urgentes de todas tus guías.`
            : 'Las tarjetas que te toca repasar hoy, de todas tus guías.'}
        </p>
      </div>
      {cards.length === 0 ? (
        <EmptyState message={NO_CARDS_DUE_TODAY}>
          <Link to="/app/flashcards" className={buttonClassName('primary')}>
            Estudiar una guía
          </Link>
        </EmptyState>
      ) : (
        <StudySession cards={cards} guideNames={guideNames} restartLabel="Repasar de nuevo" />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <FlashcardsRouteError title="No pudimos cargar tu repaso del día" back={{ to: '/app/flashcards', label: 'Ver todas las guías' }} />
  );
}
