import { MEXICO_CITY_TIME_ZONE, isoDateInMexicoCity } from '@galeno/domain/mexico-city';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchClinicGuides, type ClinicGuideWithProgress } from './api';
import { EmptyState } from './empty-state';
import { CalendarIcon } from './flashcards-icons';
import { groupGuidesByCategory, totalDueToday } from './guide-groups';
import { limitAcrossGuides, NewCardLimitNotice } from './new-card-limit';
import { ProgressBar } from './progress-bar';
import { FlashcardsRouteError } from './route-error';
import { loadSignedIn } from '../../lib/api-failure';
import { countOf, GUIDES_TITLE, NO_FLASHCARDS, REVIEW_OF_THE_DAY } from './texts';

/** Route module for /app/flashcards (index): the guides, by category, with this user's progress. */

export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(request, fetchClinicGuides);
}

export function Component() {
  useDocumentTitle(GUIDES_TITLE);
  const guides = useLoaderData<typeof loader>();
  const dueToday = totalDueToday(guides);
  const limit = limitAcrossGuides(guides);

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{GUIDES_TITLE}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Tarjetas de las GPC con repetición espaciada: cada una vuelve justo antes de que la olvides.
      </p>

      {guides.length === 0 ? (
        <div className="mt-6">
          <EmptyState message={NO_FLASHCARDS} />
        </div>
      ) : (
        <>
          {dueToday > 0 && <ReviewOfTheDayLink dueToday={dueToday} />}
          {limit && (
            <div className="mt-4">
              <NewCardLimitNotice>{limit}</NewCardLimitNotice>
            </div>
          )}
          {groupGuidesByCategory(guides).map(({ category, guides: inCategory }) => (
            <section key={category} className="mt-8">
              <h2 className="text-lg font-bold text-slate-900 sm:text-xl">{category}</h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {inCategory.map((guide) => (
                  <li key={guide.id}>
                    <GuideCard guide={guide} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <FlashcardsRouteError title="No pudimos cargar las guías" back={{ to: '/app', label: 'Volver al inicio' }} />;
}

function ReviewOfTheDayLink({ dueToday }: { dueToday: number }) {
  return (
    <Link
      to="repaso"
      className="mt-6 flex items-center gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-100 sm:p-5"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
        <CalendarIcon />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-bold text-brand-900">{REVIEW_OF_THE_DAY}</span>
        <span className="block text-sm text-brand-900">
          {countOf(dueToday, 'tarjeta pendiente', 'tarjetas pendientes')} de todas tus guías
        </span>
      </span>
      <span aria-hidden="true" className="text-2xl text-brand-800">
        ›
      </span>
    </Link>
  );
}

const timeFormat = new Intl.DateTimeFormat('es-MX', { hour: 'numeric', minute: '2-digit', timeZone: MEXICO_CITY_TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: MEXICO_CITY_TIME_ZONE });

/** When the guide's next reviewed card falls due, said the way a student plans: "en 10 min", "hoy a las 18:40", "el 28 nov". */
export function nextDueLabel(nextDueAt: string | null, now = new Date()): string {
  if (!nextDueAt) return 'Sin pendientes';
  const due = new Date(nextDueAt);
  const minutes = Math.max(1, Math.round((due.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `Próxima en ${minutes} min`;
  if (isoDateInMexicoCity(due) === isoDateInMexicoCity(now)) return `Próxima hoy a las ${timeFormat.format(due)}`;
  return `Próxima el ${dayFormat.format(due)}`;
}

/** The whole card is clickable; the link is the guide's name, so a screen reader's link list stays short. */
function GuideCard({ guide }: { guide: ClinicGuideWithProgress }) {
  return (
    <article className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-brand-300 hover:border-brand-300 hover:shadow-md sm:p-5">
      <h3 className="font-bold leading-snug text-slate-900">
        <Link
          to={encodeURIComponent(guide.id)}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700"
        >
          {guide.guideName}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {guide.gpcCode ? `${guide.gpcCode} · ` : ''}Actualización {guide.yearOfUpdate} ·{' '}
        {countOf(guide.flashcardsCount, 'tarjeta', 'tarjetas')}
      </p>
      <ul aria-label="Para hoy" className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
        <li className={`rounded-full px-2.5 py-1 ${guide.dueToday > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}>
          {guide.dueToday > 0 ? `${countOf(guide.dueToday, 'para repasar', 'para repasar')} ahora` : nextDueLabel(guide.nextDueAt)}
        </li>
        <li className="rounded-full bg-sky-100 px-2.5 py-1 text-sky-900">{countOf(guide.newToday, 'nueva hoy', 'nuevas hoy')}</li>
        <li className="rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-900">{countOf(guide.learned, 'aprendida', 'aprendidas')}</li>
      </ul>
      <div className="mt-auto pt-4">
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-slate-600">Aprendidas</span>
          <span className="font-semibold text-slate-900">{guide.progress}%</span>
        </div>
        <ProgressBar
          value={guide.progress}
          label={`Progreso de ${guide.guideName}`}
          valueText={`${guide.progress}% de la guía aprendida`}
          className="mt-1.5"
        />
      </div>
    </article>
  );
}
