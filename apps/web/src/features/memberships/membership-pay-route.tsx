import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { formatMXN } from '@galeno/domain/format';
import { getPlan, PLAN_IDS, type MembershipMode, type PlanId } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { AccountRequired } from '../../components/ui/account-required';
import { fetchQuotes } from './api';
import { BackToHome } from './back-to-home';
import { DiscountNotice } from './discount-notice';
import { MembershipsRouteError } from './route-error';
import { PaymentConfirmation } from './payment-confirmation';
import { CancelledCheckoutNotice, PendingVoucherNotice } from './purchase-notices';
import { parseDiscountHint, parseMode, priceFor } from './plan-pricing';
import { ModeToggle, planInputId, PlanOptions } from './plan-selection';
import { loadForAccount } from './route-loading';
import { NO_MEMBERSHIP_SELECTED } from './texts';
import { useCheckout } from './use-checkout';

/**
 * Route module for /app/membership-pay (spec: membership purchase). Selection, then confirmation, then
 * the payment provider. Query `mode=group|single` (anything else is single) and `discount`, a
 * percentage hint: the prices shown and charged are the server's quotes. `plan` preselects a plan (the one
 * chosen on the landing, carried through signup), and `cancelado=1` is a checkout the student cancelled.
 */

function parsePlan(value: string | null): PlanId | null {
  return PLAN_IDS.find((id) => id === value && id !== '1-week') ?? null;
}

const TITLE = 'Elige tu membresía';

export function loader({ request }: LoaderFunctionArgs) {
  return loadForAccount(request, fetchQuotes);
}

/** The quotes cover both modes: switching the mode (a query change) needs no new request. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

type Stage = 'selection' | 'confirmation';

export function Component() {
  useDocumentTitle('Membresías');
  const data = useLoaderData<typeof loader>();
  const user = useRequiredUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseMode(searchParams.get('mode'));
  const discountHint = parseDiscountHint(searchParams.get('discount'));
  const cancelled = searchParams.get('cancelado') === '1';
  const [planId, setPlanId] = useState<PlanId | null>(() => {
    const wanted = parsePlan(searchParams.get('plan'));
    const quote = data?.quotes.find((q) => q.planId === wanted && q.membershipMode === mode);
    return wanted && quote?.unavailableReason === null ? wanted : null;
  });
  const [stage, setStage] = useState<Stage>('selection');
  const [missingSelection, setMissingSelection] = useState(false);
  const focusChosenPlan = useRef(false);
  const { startCheckout, redirecting } = useCheckout();

  // After 'Atrás', focus returns to the chosen card, where the person left off.
  useEffect(() => {
    if (stage !== 'selection' || !focusChosenPlan.current || !planId) return;
    focusChosenPlan.current = false;
    document.getElementById(planInputId(planId))?.focus();
  }, [stage, planId]);

  if (user.isTrial || !data) {
    return <AccountRequired title={TITLE} reason="Para comprar una membresía necesitas una cuenta. Regístrate gratis o inicia sesión." />;
  }

  const changeMode = (next: MembershipMode) => {
    setSearchParams(
      (params) => {
        // Single is the default: it leaves no parameter behind.
        if (next === 'group') params.set('mode', 'group');
        else params.delete('mode');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const selectPlan = (id: PlanId) => {
    setPlanId(id);
    setMissingSelection(false);
  };

  const continueToConfirmation = () => {
    if (!planId) {
      setMissingSelection(true);
      return;
    }
    setStage('confirmation');
  };

  const backToSelection = () => {
    focusChosenPlan.current = true;
    setStage('selection');
  };

  const price = planId ? priceFor(data.quotes, planId, mode) : null;
  const chosen = planId ? data.quotes.find((q) => q.planId === planId && q.membershipMode === mode) : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackToHome />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{TITLE}</h1>
        <p className="mt-1 text-slate-700">Precios en pesos mexicanos (MXN). Pagas una sola vez, sin cargos automáticos.</p>
      </div>

      {cancelled && <CancelledCheckoutNotice />}
      <PendingVoucherNotice vouchers={data.pendingVouchers} />
      <DiscountNotice serverPercent={data.discountPercent} hintPercent={discountHint} />

      {stage === 'confirmation' && planId && price ? (
        <PaymentConfirmation
          plan={getPlan(planId)}
          mode={mode}
          price={price}
          options={{ installmentMonths: chosen?.installmentMonths ?? [], oxxo: chosen?.oxxo ?? false }}
          accessUntil={chosen?.accessUntil ?? null}
          currentAccessUntil={data.currentAccessUntil}
          redirecting={redirecting}
          onBack={backToSelection}
          onPay={(paymentMethod) => void startCheckout({ planId, mode, discount: price.discountPercent, paymentMethod })}
        />
      ) : (
        <section aria-label="Selección de membresía" className="space-y-6">
          <p className="text-sm font-semibold text-brand-800">Paso 1 de 2</p>
          <ModeToggle mode={mode} onChange={changeMode} />
          <PlanOptions
            quotes={data.quotes}
            mode={mode}
            selected={planId}
            onSelect={selectPlan}
            error={missingSelection ? NO_MEMBERSHIP_SELECTED : null}
          />
          <div className="flex justify-end">
            <button
              type="button"
              onClick={continueToConfirmation}
              className={buttonClassName('primary', 'lg', 'w-full sm:w-auto sm:min-w-48')}
            >
              {price ? `Pagar ${formatMXN(price.finalPrice)} MXN` : 'Pagar'}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <MembershipsRouteError title="No pudimos cargar los precios" />;
}
