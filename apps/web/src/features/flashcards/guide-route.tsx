import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchClinicGuide, fetchGuideFlashcards } from './api';
import { EmptyState } from './empty-state';
import { FlashcardsRouteError } from './route-error';
import { loadSignedIn } from './route-loading';
import { StudySession } from './study-session';
import { countOf, NO_FLASHCARDS } from './texts';

/** Route module for /app/flashcards/:guideId: one guide's study session, loaded on entry. */

export function loader({ request, params }: LoaderFunctionArgs) {
  const guideId = params.guideId ?? '';
  return loadSignedIn(request, async (signal) => {
    const [guide, cards] = await Promise.all([fetchClinicGuide(guideId, signal), fetchGuideFlashcards(guideId, signal)]);
    return { guide, cards };
  });
}

export function Component() {
  const { guide, cards } = useLoaderData<typeof loader>();
  useDocumentTitle(guide.guideName);

  return (
    <div>
      <div className="mb-6">
        <p className="text-sm font-semibold text-brand-800">{guide.category}</p>
        <h1 className="mt-1 text-2xl font-bold leading-tight tracking-tight text-slate-900 sm:text-3xl">{guide.guideName}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Actualización {guide.yearOfUpdate} · {countOf(cards.length, 'tarjeta', 'tarjetas')}
        </p>
      </div>
      {cards.length === 0 ? (
        <EmptyState message={NO_FLASHCARDS} />
      ) : (
        // A new guide is a new session: nothing carries over from the previous one.
        <StudySession key={guide.id} cards={cards} restartLabel="Reiniciar guía" />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <FlashcardsRouteError title="No pudimos cargar la guía" back={{ to: '/app/flashcards', label: 'Ver todas las guías' }} />;
}
