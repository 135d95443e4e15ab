import { useState, type ReactNode } from 'react';
import { Link, redirect } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { formatDate } from '@galeno/domain/format';
import { daysLeft, fromTimestamp, membershipBadge, PURCHASE_LINK_LABELS, purchaseLinkFor } from '@galeno/domain/membership';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useProfile } from '../../lib/profile';
import { sessionStore, useRequiredUser, useSession } from '../../lib/session';
import { ExamYearBlock } from './exam-year-block';
import { ExpiryWarning, freeTimeLeft } from './expiry-warning';
import { SpecialityBlock } from './speciality-block';
import { FallbackLoginBlock } from './fallback-login-block';
import { PaymentsBlock } from './payments-block';
import { AccountDataBlock } from './account-data-block';
import { StudySettingsBlock } from './study-settings-block';
import { toast } from '../../components/ui/toast';

/** Trials have no profile (the API refuses it): they stay on the dashboard. */
export async function profileLoader() {
  const { user } = await sessionStore.ready();
  if (user?.isTrial) throw redirect('/app');
  return null;
}

/** /app/profile, 'Mi Perfil' (spec: profile). */
export function ProfilePage() {
  useDocumentTitle('Mi Perfil');
  const user = useRequiredUser();
  const { profile, loading, error, reload } = useProfile();
  const { logout, logoutEverywhere } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);
  // Days left are judged when the page opens; the page does not tick.
  const [openedAt] = useState(() => new Date());

  const signOut = async (end: () => Promise<string | null>) => {
    setLoggingOut(true);
    // On success the /app guard takes the person to /login.
    const failure = await end();
    if (failure) {
      toast.error(failure);
      setLoggingOut(false);
    }
  };

  const end = profile?.subscriptionInfo.membershipEndDate ? fromTimestamp(profile.subscriptionInfo.membershipEndDate) : null;
  const days = profile && end ? daysLeft(end, openedAt) : null;
  const purchase = profile ? purchaseLinkFor(profile.subscriptionInfo.subscriptionType, end, openedAt) : null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <nav aria-label="Navegación del perfil" className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/app" className={buttonClassName('ghost', 'sm', '-ml-2.5')}>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M16 10H4M9 5l-5 5 5 5" />
          </svg>
          Volver al inicio
        </Link>
        {/* Says what it does (issue 19): join, renew, or extend near the end; lifetime access has nothing to buy. */}
        {purchase && (
          <Link to="/app/membership-pay" className={buttonClassName('secondary', 'sm')}>
            {PURCHASE_LINK_LABELS[purchase]}
          </Link>
        )}
      </nav>

      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Mi Perfil</h1>

      {loading && (
        <p role="status" className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          Cargando perfil...
        </p>
      )}
      {error && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-950">
          <p className="font-bold">Error al cargar el perfil</p>
          <p className="mt-1">{error}</p>
          <button type="button" onClick={reload} className={buttonClassName('secondary', 'md', 'mt-3')}>
            Reintentar
          </button>
        </div>
      )}
      {profile && (
        <>
          <ExpiryWarning
            daysLeft={days}
            free={
              profile.subscriptionInfo.subscriptionType === 'free'
                ? { pending: profile.subscriptionInfo.freeHoursPending === true, msLeft: end ? end.getTime() - openedAt.getTime() : 0 }
                : null
            }
          />
          <PersonalInformation email={user.email} subscription={profile.subscriptionInfo} end={end} days={days} openedAt={openedAt} />
          <SpecialityBlock speciality={profile.speciality} />
          <ExamYearBlock initial={profile.examYear ?? null} />
          <StudySettingsBlock initial={profile.studySettings} />
          <FallbackLoginBlock userId={user.id} fallbackLogin={profile.fallbackLogin} />
          <PaymentsBlock />
          <AccountDataBlock
            userId={user.id}
            email={user.email}
            fallbackLogin={profile.fallbackLogin}
            inGroup={profile.subscriptionInfo.membershipMode === 'group'}
          />
        </>
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => void signOut(logout)}
          disabled={loggingOut}
          className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}
        >
          Cerrar Sesión
        </button>
        <button
          type="button"
          onClick={() => void signOut(logoutEverywhere)}
          disabled={loggingOut}
          className={buttonClassName('ghost', 'md', 'w-full sm:w-auto')}
        >
          Cerrar sesión en todos los dispositivos
        </button>
      </div>
    </div>
  );
}

/** The name is shown (and changed) in «Tus datos». */
function PersonalInformation({
  email,
  subscription,
  end,
  days,
  openedAt,
}: {
  email: string;
  subscription: SubscriptionInfo;
  end: Date | null;
  days: number | null;
  /** When the page opened: the time left is read against it. */
  openedAt: Date;
}) {
  return (
    <section aria-labelledby="personal-info-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="personal-info-title" className="text-lg font-bold text-slate-900">
        Información personal
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        <Row term="Correo electrónico">
          <span className="wrap-anywhere">{email}</span>
        </Row>
        <Row term="Tipo de cuenta">{membershipBadge(subscription.subscriptionType, subscription.membershipMode)}</Row>
        <Row term={subscription.subscriptionType === 'free' ? 'Tus horas gratis' : 'Tu membresía termina'}>
          {subscription.subscriptionType === 'free' ? (
            subscription.freeHoursPending ? (
              'Empiezan con tu primera respuesta'
            ) : end && end.getTime() > openedAt.getTime() ? (
              leftText(end.getTime() - openedAt.getTime())
            ) : (
              'Terminaron'
            )
          ) : end === null ? (
            'De por vida'
          ) : (
            <>
              {formatDate(end)} <span className="text-slate-600">({daysLeftLabel(days ?? 0)})</span>
            </>
          )}
        </Row>
      </dl>
    </section>
  );
}

/** 'Quedan 1 h 59 min', 'Queda 1 h'. */
function leftText(ms: number): string {
  const left = freeTimeLeft(ms);
  return `${left.one ? 'Queda' : 'Quedan'} ${left.text}`;
}

function daysLeftLabel(days: number): string {
  if (days <= 0) return 'sin días restantes';
  return days === 1 ? 'queda 1 día' : `quedan ${days} días`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600 sm:w-48 sm:shrink-0 sm:text-base">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
