import { useId } from 'react';
import { formatMXN } from '@galeno/domain/format';
import { LISTED_PLANS, MEMBERSHIP_MODE_LABELS, MEMBERSHIP_MODES, type MembershipMode, type Plan, type PlanId } from '@galeno/domain/plans';
import type { Quote } from './api';
import { durationText, GROUP_OFFER, perPersonPrice, priceFor } from './plan-pricing';
import { PriceTag } from './price-tag';

/** Individual or group: the page keeps the choice in the `mode` query, so a link can open either. */
export function ModeToggle({ mode, onChange }: { mode: MembershipMode; onChange: (mode: MembershipMode) => void }) {
  return (
    <fieldset>
      <legend className="text-base font-bold text-slate-900">Tipo de membresía</legend>
      <div className="mt-2 grid max-w-md grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1">
        {MEMBERSHIP_MODES.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-900 has-checked:shadow-sm"
          >
            <input
              type="radio"
              name="membership-mode"
              value={option}
              checked={mode === option}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-700"
            />
            {MEMBERSHIP_MODE_LABELS[option]}
          </label>
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {mode === 'group'
          ? `${GROUP_OFFER}: la tuya y 4 para tus compañeros, que activan la suya con la invitación que les envíes.`
          : 'Una membresía para tu cuenta.'}
      </p>
    </fieldset>
  );
}

export interface PlanOptionsProps {
  quotes: readonly Quote[];
  mode: MembershipMode;
  selected: PlanId | null;
  onSelect: (planId: PlanId) => void;
  /** The missing-selection message, shown above the cards and read with the group. */
  error: string | null;
}

/** The listed plans (the 1-week plan is sold apart) as a radio group of cards, at the server's prices. */
export function PlanOptions({ quotes, mode, selected, onSelect, error }: PlanOptionsProps) {
  const errorId = useId();
  // Plans this student cannot buy (lifetime access already held) are not offered at all.
  const buyable = LISTED_PLANS.filter((plan) => {
    const quote = quotes.find((candidate) => candidate.planId === plan.id && candidate.membershipMode === mode);
    return !quote?.unavailableReason;
  });
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-bold text-slate-900">Elige tu plan</legend>
      {error && (
        <p id={errorId} role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      )}
      {buyable.length === 0 && (
        <p className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 text-slate-800">
          Ya tienes acceso de por vida, así que no necesitas otra membresía individual. Si quieres, compra una membresía grupal para invitar
          a 4 compañeros.
        </p>
      )}
      <ul className="mt-3 grid gap-4 md:grid-cols-3">
        {buyable.map((plan) => (
          <li key={plan.id}>
            <PlanOption plan={plan} mode={mode} quotes={quotes} checked={selected === plan.id} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function planInputId(planId: PlanId): string {
  return `plan-option-${planId}`;
}

function PlanOption({
  plan,
  mode,
  quotes,
  checked,
  onSelect,
}: {
  plan: Plan;
  mode: MembershipMode;
  quotes: readonly Quote[];
  checked: boolean;
  onSelect: (planId: PlanId) => void;
}) {
  const titleId = useId();
  const detailsId = useId();
  const price = priceFor(quotes, plan.id, mode);
  return (
    <label
      htmlFor={planInputId(plan.id)}
      className="flex h-full cursor-pointer flex-col rounded-2xl border-2 border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-slate-300 has-checked:border-brand-700 has-checked:bg-brand-50 sm:p-5"
    >
      <span className="flex items-start justify-between gap-3">
        <span id={titleId} className="text-xl font-bold text-slate-900">
          {plan.title}
        </span>
        <input
          id={planInputId(plan.id)}
          type="radio"
          name="plan"
          value={plan.id}
          checked={checked}
          onChange={() => onSelect(plan.id)}
          aria-labelledby={titleId}
          aria-describedby={detailsId}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
      </span>
      <span id={detailsId} className="mt-3 flex flex-1 flex-col gap-1">
        {mode === 'group' && <span className="font-semibold text-brand-800">{GROUP_OFFER}</span>}
        <PriceTag price={price} />
        <span className="text-slate-700">{durationText(plan)}</span>
        {mode === 'group' && (
          <span className="text-sm text-slate-600">Equivale a {formatMXN(perPersonPrice(price.finalPrice))} MXN por persona</span>
        )}
      </span>
    </label>
  );
}
