import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { shuffle } from '@galeno/domain/flashcard-queue';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchClinicGuide, fetchClinicGuides, fetchGuideFlashcards } from './api';
import { EmptyState } from './empty-state';
import { FlashcardsRouteError } from './route-error';
import { loadSignedIn } from '../../lib/api-failure';
import { limitInGuide, NewCardLimitNotice } from './new-card-limit';
import { StudySession } from './study-session';
import { countOf, NO_CARDS_DUE_TODAY } from './texts';

/** `?todas=1`: "Repasar de todos modos", every card of the guide, not only what the schedule has for now. */
export const ALL_CARDS_PARAM = 'todas';

/**
 * Route module for /app/flashcards/:guideId: one guide's study session, loaded on entry. The schedule decides
 * what it holds: the cards due now, then today's new ones (the student's daily limit).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const guideId = params.guideId ?? '';
  const all = new URL(request.url).searchParams.get(ALL_CARDS_PARAM) === '1';
  return loadSignedIn(request, async (signal) => {
    const [guide, cards, progress] = await Promise.all([
      fetchClinicGuide(guideId, signal),
      fetchGuideFlashcards(guideId, signal, { all }),
      // Only to say whether the daily new-card limit cut this session short: the session opens without it.
      all
        ? null
        : fetchClinicGuides(signal).then(
            (guides) => guides.find((each) => each.id === guideId) ?? null,
            () => null,
          ),
    ]);
    // The first round's order, drawn once here: the same in the page the server draws and in the app after it.
    const order = shuffle(
      cards.map((card) => card.id),
      Math.random,
    );
    return { guide, cards, all, limit: progress ? limitInGuide(progress) : null, order };
  });
}

export function Component() {
  const { guide, cards, all, limit, order } = useLoaderData<typeof loader>();
  useDocumentTitle(guide.guideName);

  return (
    <div>
      {/* On a phone the card gets the screen: the guide's name on one line (the list shows it whole), the details from sm up. */}
      <div className="mb-2 sm:mb-4">
        <p className="hidden text-sm font-semibold text-brand-800 sm:block">
          {guide.category} · {guide.gpcCode ? `${guide.gpcCode}, ` : ''}actualización {guide.yearOfUpdate}
        </p>
        <h1 className="line-clamp-1 text-base font-bold leading-snug tracking-tight text-slate-900 sm:mt-0.5 sm:line-clamp-none sm:text-3xl">
          {guide.guideName}
        </h1>
        <p className="mt-1 hidden text-sm text-slate-600 sm:block">
          {all
            ? `Repaso libre: ${countOf(cards.length, 'tarjeta', 'tarjetas')}`
            : `${countOf(cards.length, 'tarjeta', 'tarjetas')} para esta sesión`}
        </p>
      </div>
      {cards.length === 0 ? (
        <EmptyState message={NO_CARDS_DUE_TODAY}>
          <Link to={`?${ALL_CARDS_PARAM}=1`} className={buttonClassName('secondary')}>
            Repasar de todos modos
          </Link>
        </EmptyState>
      ) : (
        // A new guide (or a free review) is a new session: nothing carries over from the previous one.
        <StudySession key={`${guide.id}/${all ? 'all' : 'due'}`} cards={cards} order={order} restartLabel="Reiniciar guía" />
      )}
      {/* Under the card, not above it: on a phone the card keeps the top of the screen. */}
      {limit && (
        <div className="mt-4">
          <NewCardLimitNotice>{limit}</NewCardLimitNotice>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <FlashcardsRouteError title="No pudimos cargar la guía" back={{ to: '/app/flashcards', label: 'Ver todas las guías' }} />;
}
