import { LandingLink } from './landing-link';
import { formatMXN } from '@galeno/domain/format';
import { getPlan, GROUP_SEATS, LISTED_PLANS, type Plan } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { CheckIcon } from './landing-icons';

const INCLUDED = [
  'Todos los casos clínicos y preguntas',
  'Simulacros, «Crear examen» y modo cronómetro',
  'Flashcards de las GPC con repetición espaciada',
  'Estadísticas y recomendaciones personalizadas',
] as const;

function durationMonths(plan: Plan): number | null {
  if (!plan.duration) return null;
  return 'months' in plan.duration ? plan.duration.months : null;
}

function durationText(plan: Plan): string {
  const months = durationMonths(plan);
  return months === null ? 'Acceso para siempre, sin renovaciones' : `Acceso por ${months} meses`;
}

/** The timed plan with the lowest price per month gets the highlight. */
function cheapestPerMonth(plans: readonly Plan[]): Plan['id'] | undefined {
  let best: { id: Plan['id']; perMonth: number } | undefined;
  for (const plan of plans) {
    const months = durationMonths(plan);
    if (months === null) continue;
    const perMonth = plan.basePrice / months;
    if (!best || perMonth < best.perMonth) best = { id: plan.id, perMonth };
  }
  return best?.id;
}

export function PricingSection() {
  const recommendedId = cheapestPerMonth(LISTED_PLANS);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Planes y precios
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Precios en pesos mexicanos (MXN). Pagas una sola vez, sin cargos automáticos: con tarjeta, a meses sin intereses o en efectivo en
          OXXO.
        </p>

        <h3 className="mt-8 font-semibold text-slate-900">Todos los planes incluyen:</h3>
        <ul className="mt-3 grid gap-x-6 gap-y-2 text-slate-700 sm:grid-cols-2 lg:grid-cols-4">
          {INCLUDED.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {item}
            </li>
          ))}
        </ul>

        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {LISTED_PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} recommended={plan.id === recommendedId} />
            </li>
          ))}
        </ul>
        <OneWeekOffer />
      </div>
    </section>
  );
}

/**
 * The $19 week (ux N19): the app offers it to every account that has not used it, so the landing names it too. It
 * is sold apart from the listed plans (once per account, single only), and its page says what it costs in free hours.
 */
function OneWeekOffer() {
  const week = getPlan('1-week');
  const title = `1 semana por ${formatMXN(week.basePrice)}`;
  return (
    <section
      aria-label={title}
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h3 className="text-xl font-bold text-slate-900">
          {title} <span className="text-base font-normal text-slate-600">MXN</span>
        </h3>
        <p className="mt-1 text-slate-700">
          ¿Quieres probar antes de decidir? Acceso completo por 7 días, una sola vez por cuenta y sin renovación automática.
        </p>
      </div>
      <LandingLink
        to={`/signup?redirectTo=${encodeURIComponent('/app/membership-pay/one-dollar')}`}
        data-cta="pricing-1-week"
        className={buttonClassName('secondary', 'md', 'shrink-0')}
      >
        Empezar con 1 semana
      </LandingLink>
    </section>
  );
}

function PlanCard({ plan, recommended }: { plan: Plan; recommended: boolean }) {
  const months = durationMonths(plan);
  const groupPerPerson = Math.round(plan.groupPrice / GROUP_SEATS);
  return (
    <article
      aria-labelledby={`plan-${plan.id}-title`}
      className={`flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ${recommended ? 'border-2 border-brand-700' : 'border border-slate-200'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan.id}-title`} className="text-xl font-bold text-slate-900">
          {plan.title}
        </h3>
        {recommended && <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Recomendado</span>}
      </div>
      <p className="mt-4">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatMXN(plan.basePrice)}</span>
        <span className="ml-1 text-slate-600">MXN</span>
      </p>
      <p className="mt-1 text-slate-700">{durationText(plan)}</p>
      {months !== null && <p className="text-sm text-slate-600">Equivale a {formatMXN(Math.round(plan.basePrice / months))} al mes</p>}

      <div className="mt-5 rounded-xl bg-brand-50 p-4 text-brand-950">
        <p className="font-semibold">
          Plan grupal: {formatMXN(plan.groupPrice)} <span className="font-normal">MXN</span>
        </p>
        <p className="text-sm">
          {GROUP_SEATS} membresías al precio de 2: {formatMXN(groupPerPerson)} por persona.
        </p>
      </div>

      <div className="flex-1" />
      {/* The chosen plan survives signup: the account opens on it, preselected (ux finding 16). */}
      <LandingLink
        to={`/signup?redirectTo=${encodeURIComponent(`/app/membership-pay?plan=${plan.id}`)}`}
        data-cta={`pricing-${plan.id}`}
        className={buttonClassName(recommended ? 'primary' : 'secondary', 'md', 'mt-6 w-full')}
      >
        Elegir {plan.title}
      </LandingLink>
    </article>
  );
}
