import { useState } from 'react';
import { Link } from 'react-router';
import { fromTimestamp, isActive } from '@galeno/domain/membership';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { AppShellLayout } from '../../components/layout/app-shell-layout';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useProfile } from '../../lib/profile';
import { useRequiredUser } from '../../lib/session';
import { ExamModes } from './exam-modes';
import { FlashcardsDue } from './flashcards-due';
import { ChangedItems } from './changed-items';
import { ContinueSession } from './continue-session';
import { HomeHeader } from './home-header';
import { InstallApp } from './install-app';
import { ArrowRightIcon, ChartIcon } from './home-icons';
import { MembershipCountdownBanner } from './membership-banners';
import { Promotions } from './promotions';
import { StudyGoal } from './study-goal';
import { TodayPlan } from './today-plan';
import { WeakestArea } from './weakest-area';

/**
 * /app (spec: home dashboard), mobile first and study first (issue 19): the unfinished session, the flashcards due
 * and the weakest area, then the membership, the exam modes, statistics, and the promotions one at a time.
 */
export function HomePage() {
  useDocumentTitle('Inicio');
  const user = useRequiredUser();
  const { profile, loading, error, reload } = useProfile();
  const subscription = profile?.subscriptionInfo ?? null;
  // Judged when the page opens (the page does not tick): a lapsed account sees the modes locked before a tap.
  const [openedAt] = useState(() => new Date());
  const end = subscription?.membershipEndDate ? fromTimestamp(subscription.membershipEndDate) : null;
  const accessEnded = subscription !== null && subscription.freeHoursPending !== true && !isActive(end, openedAt);

  return (
    <AppShellLayout header={<HomeHeader isTrial={user.isTrial} subscription={subscription} />}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{greeting(user.name, user.isTrial)}</h1>
          <p className="mt-1 text-slate-700">¿Qué vas a practicar hoy?</p>
          {profile && <StudyGoal examYear={profile.examYear ?? null} speciality={profile.speciality} />}
        </div>

        {/* Studying first (issue 19): what is left open, what is due, the weakest area; then the membership. */}
        {!user.isTrial && <TodayPlan />}
        {!user.isTrial && <ChangedItems />}
        {!user.isTrial && <ContinueSession locked={accessEnded} subscription={subscription} />}
        {!user.isTrial && <FlashcardsDue locked={accessEnded} subscription={subscription} />}
        {!user.isTrial && <WeakestArea locked={accessEnded} subscription={subscription} />}
        {!user.isTrial && <MembershipStatus subscription={subscription} loading={loading} error={error} onRetry={reload} />}

        <ExamModes isTrial={user.isTrial} accessEnded={accessEnded} />

        <Link to="/app/estadisticas" className={buttonClassName('secondary', 'lg', 'w-full justify-between sm:w-auto')}>
          <span className="inline-flex items-center gap-2">
            <ChartIcon />
            Ver mis estadísticas
          </span>
          <ArrowRightIcon />
        </Link>

        {!user.isTrial && (
          <p className="text-sm text-slate-700">
            ¿Sin señal en la guardia, el metro o tu servicio social?{' '}
            <Link to="/app/paquetes" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
              Paquetes sin conexión
            </Link>
          </p>
        )}

        <p className="text-sm text-slate-700">
          ¿Qué corregimos en el banco y por qué?{' '}
          <Link to="/novedades" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
            Novedades del banco
          </Link>
        </p>

        {!user.isTrial && <InstallApp />}

        {/* The promotions, below studying, one at a time and dismissible (issue 19). */}
        <Promotions userId={user.id} isTrial={user.isTrial} subscription={subscription} />
      </div>
    </AppShellLayout>
  );
}

function greeting(name: string, isTrial: boolean): string {
  if (isTrial) return '¡Hola! Te damos la bienvenida';
  const firstName = name.trim().split(/\s+/)[0];
  return firstName ? `¡Hola, ${firstName}!` : '¡Hola!';
}

function MembershipStatus({
  subscription,
  loading,
  error,
  onRetry,
}: {
  subscription: SubscriptionInfo | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <div aria-busy="true" className="h-24 animate-pulse rounded-2xl bg-slate-200">
        <span className="sr-only">Cargando tu membresía...</span>
      </div>
    );
  }
  if (error || !subscription) {
    return (
      <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-950">
        <p>
          <strong className="font-semibold">No pudimos cargar tu membresía.</strong> {error}
        </p>
        <button type="button" onClick={onRetry} className={buttonClassName('secondary', 'md', 'mt-3')}>
          Reintentar
        </button>
      </div>
    );
  }
  return <MembershipCountdownBanner subscription={subscription} />;
}
