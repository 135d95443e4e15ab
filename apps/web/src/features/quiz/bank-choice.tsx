import { useId } from 'react';
import {
  BANK_CHOICE_LABELS,
  BANK_SETTING_ORDER,
  INCLUDE_UNEXPLAINED_MIR_LABEL,
  includesMir,
  MIR_FIRST_USE_LINE,
} from '@galeno/domain/banks';
import type { BankChoiceBody, BankState } from '@galeno/domain/contracts/quiz';

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/** The one line on what MIR items are, shown the first time an account turns MIR on (issue 37). */
export function MirFirstUseLine({ className = '' }: { className?: string }) {
  return (
    <p role="status" data-testid="mir-first-use" className={`rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}>
      {MIR_FIRST_USE_LINE}
    </p>
  );
}

/**
 * "Banco": which questions every mode draws from (Galeno ENARM, MIR España or both), and with MIR on whether the MIR
 * items without an explanation come too. The server keeps the setting for the account; this control shows and changes it.
 */
export function BankChoice({
  state,
  pending,
  error,
  notice = false,
  onChange,
}: {
  state: BankState;
  pending: boolean;
  error: string | null;
  /** The first-use line on what MIR items are is due on this page. */
  notice?: boolean;
  onChange: (change: BankChoiceBody) => void;
}) {
  const name = useId();
  const hintId = useId();
  const unexplainedHintId = useId();
  const mir = includesMir(state.bank);
  return (
    <fieldset aria-describedby={hintId} disabled={pending}>
      <legend className="text-sm font-bold text-slate-900">Banco</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {BANK_SETTING_ORDER.map((choice) => (
          <label
            key={choice}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={state.bank === choice}
              onChange={() => onChange({ bank: choice })}
              className="size-4 accent-brand-700"
            />
            {BANK_CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>
      <p id={hintId} className="mt-2 text-sm text-slate-600">
        {integer.format(state.questions.galeno)} preguntas del banco Galeno · {integer.format(state.questions.mir)} MIR, de ellas{' '}
        {integer.format(state.questions.mirWithoutExplanation)} sin explicación
      </p>
      {notice && <MirFirstUseLine className="mt-3" />}
      {mir && (
        <div className="mt-3">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              checked={state.includeUnexplainedMir}
              onChange={(event) => onChange({ bank: state.bank, includeUnexplainedMir: event.target.checked })}
              aria-describedby={unexplainedHintId}
              className="size-4 shrink-0 accent-brand-700"
            />
            {INCLUDE_UNEXPLAINED_MIR_LABEL}
          </label>
          <p id={unexplainedHintId} className="-mt-2 pl-6 text-xs text-slate-600">
            Solo traen la respuesta de la plantilla oficial, sin explicar por qué.
          </p>
        </div>
      )}
      <label className="mt-1 flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={state.includeEnglish}
          onChange={(event) => onChange({ bank: state.bank, includeEnglish: event.target.checked })}
          className="size-4 accent-brand-700"
        />
        Incluir preguntas en inglés
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
